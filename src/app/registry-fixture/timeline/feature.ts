// A made-up screen type for src/app/registry.test.tsx: its feature entry.
import { defineScreenFeature } from '../../../features/screens/define.ts';
import { TimelineScreen } from './timeline-screen.tsx';

export const timeline = defineScreenFeature({ type: 'timeline', Screen: TimelineScreen });
