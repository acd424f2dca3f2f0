// A topic's traits, asked of its screen type's definition (decision record 0200): where its text
// and images sit and whether its text is behind taps. The placeholder check, readability, the
// honest hours and the loader read every type through these, naming none.
import { screenType } from '../registry/index.ts';
import type { TopicImageRef, TopicTexts } from './topic-texts.ts';
import type { Topic } from './types.ts';

const definitionOf = (topic: Topic) => {
  const d = screenType(topic.type);
  if (!d) throw new Error(`Tipo de pantalla desconocido: ${topic.type}`);
  return d;
};

/** The topic's placeholder fields and its visible text, as its type places them. */
export const topicTexts = (topic: Topic): TopicTexts => definitionOf(topic).texts(topic as never);

/** The topic's images with their alt texts, as its type places them. */
export const topicImages = (topic: Topic): TopicImageRef[] =>
  definitionOf(topic).images(topic as never);

/** Whether the learner taps to see the topic's text (decision 0073: one more minute). */
export const revealsByClicks = (topic: Pick<Topic, 'type'>): boolean =>
  screenType(topic.type)?.clickToReveal ?? false;
