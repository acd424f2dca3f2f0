// What a screen type provides to the interface: its component (the feature entry of
// src/screen-types/<type>/feature.ts; the domain entry is definition.ts beside it).
import type { ComponentType } from 'react';
import type { TopicScreenProps } from './screen-props.ts';

export interface ScreenFeature<T extends string = string> {
  readonly type: T;
  /** The body of the topic screen; the shell renders heading, header, footer and navigation. */
  readonly Screen: ComponentType<TopicScreenProps>;
}

export const defineScreenFeature = <const T extends string>(f: ScreenFeature<T>) => f;
