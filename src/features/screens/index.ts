// Public API of the topic screens: the body of each topic screen type. The shell renders the
// page heading (h1 = topic title), header, footer and page navigation around these.
import { createElement, type ComponentType } from 'react';
import type { TopicScreenType } from '../../domain/content/types.ts';
import type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
import type { ScreenFeature } from '../../screen-kit/define.ts';
import * as registry from './registry.ts';

export type { TopicScreenProps } from '../../screen-kit/screen-props.ts';
export { defineScreenFeature, type ScreenFeature } from '../../screen-kit/define.ts';
export { RememberBoxes } from '../../screen-kit/remember-boxes.tsx';
export { TopicImage } from '../../screen-kit/topic-image.tsx';

/** Remounts the screen when the topic changes, so tab, slide or open state never leaks from
 *  one topic into the next even when the router reuses the component. */
function keyedByTopic(Screen: ComponentType<TopicScreenProps>): ComponentType<TopicScreenProps> {
  function KeyedScreen(props: TopicScreenProps) {
    return createElement(Screen, { ...props, key: props.topic.id });
  }
  KeyedScreen.displayName = Screen.displayName ?? Screen.name;
  return KeyedScreen;
}

const features: readonly ScreenFeature[] = Object.values(registry);

/** Every registered screen type has a component here, and nothing else does (checked by tsc). */
type Registered = (typeof registry)[keyof typeof registry]['type'];
const complete: [
  Exclude<TopicScreenType, Registered>,
  Exclude<Registered, TopicScreenType>,
] extends [never, never]
  ? true
  : false = true;
void complete;

export const topicScreens = Object.fromEntries(
  features.map((f) => [f.type, keyedByTopic(f.Screen)]),
) as Record<TopicScreenType, ComponentType<TopicScreenProps>>;
