// A made-up screen type for src/app/registry.test.tsx: its feature entry.
import { defineScreenFeature } from '../../../screen-kit/define.ts';
import { TimelineScreen } from './timeline-screen.tsx';

export const timeline = defineScreenFeature({ type: 'timeline', Screen: TimelineScreen });
