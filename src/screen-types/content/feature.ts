// Feature entry of the "content" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { ContentScreen } from './content-screen.tsx';

export const content = defineScreenFeature({ type: 'content', Screen: ContentScreen });
