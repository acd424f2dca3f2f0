// What the learner sees of their progress besides the score (docs/decisions/0090-progress-shown-to-the-learner.md):
// screens seen over the whole course, and per module the topics seen and whether the quiz is done.
// Pure: derived from the viewed indexes the engine keeps, never stored or sent to the LMS.
// The figures themselves are the domain's (decision record 0201): the console shows the same.
export {
  moduleFigures,
  screensSeen,
  type ModuleFigures,
} from '../../domain/progress/course-facts.ts';
