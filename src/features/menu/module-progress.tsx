// A module's progress in words, for the menu cards and the side menu: «3 de 8 temas ·
// cuestionario pendiente» (docs/decisions/0090-progress-shown-to-the-learner.md).
import { es } from '../../strings/es.ts';
import type { ModuleFigures } from './progress-figures.ts';
import './module-progress.css';

export function ModuleProgress({ figures, id }: { figures: ModuleFigures; id?: string }) {
  const { topicsSeen, topicCount, quizDone } = figures;
  const percent = Math.round(((topicsSeen + (quizDone ? 1 : 0)) * 100) / (topicCount + 1));
  return (
    <span className="module-progress" id={id}>
      <span className="module-progress-text">
        {es.moduleTopics(topicsSeen, topicCount)} · {quizDone ? es.quizDone : es.quizPending}
      </span>
      <span className="module-progress-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}
