// Public API of the topic screens: the body of each topic screen type. The shell renders the
// page heading (h1 = topic title), header, footer and page navigation around these.
import { createElement, type ComponentType } from 'react';
import type { TopicScreenType } from '../../domain/content/types.ts';
import { ContentScreen } from '../../screen-types/content/content-screen.tsx';
import { List1Screen } from '../../screen-types/list1/list1-screen.tsx';
import { List2Screen } from '../../screen-types/list2/list2-screen.tsx';
import { List3Screen } from '../../screen-types/list3/list3-screen.tsx';
import { List4Screen } from '../../screen-types/list4/list4-screen.tsx';
import { List5Screen } from '../../screen-types/list5/list5-screen.tsx';
import { List6Screen } from '../../screen-types/list6/list6-screen.tsx';
import { List7Screen } from '../../screen-types/list7/list7-screen.tsx';
import { List8Screen } from '../../screen-types/list8/list8-screen.tsx';
import type { TopicScreenProps } from './screen-props.ts';

export type { TopicScreenProps } from './screen-props.ts';
export { RememberBoxes } from './remember-boxes.tsx';
export { TopicImage } from './topic-image.tsx';
export { screenStrings } from './strings.ts';

/** Remounts the screen when the topic changes, so tab, slide or open state never leaks from
 *  one topic into the next even when the router reuses the component. */
function keyedByTopic(Screen: ComponentType<TopicScreenProps>): ComponentType<TopicScreenProps> {
  function KeyedScreen(props: TopicScreenProps) {
    return createElement(Screen, { ...props, key: props.topic.id });
  }
  KeyedScreen.displayName = Screen.displayName ?? Screen.name;
  return KeyedScreen;
}

export const topicScreens: Record<TopicScreenType, ComponentType<TopicScreenProps>> = {
  content: keyedByTopic(ContentScreen),
  list1: keyedByTopic(List1Screen),
  list2: keyedByTopic(List2Screen),
  list3: keyedByTopic(List3Screen),
  list4: keyedByTopic(List4Screen),
  list5: keyedByTopic(List5Screen),
  list6: keyedByTopic(List6Screen),
  list7: keyedByTopic(List7Screen),
  list8: keyedByTopic(List8Screen),
};
