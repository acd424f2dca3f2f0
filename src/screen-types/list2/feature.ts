// Feature entry of the "list2" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List2Screen } from './list2-screen.tsx';

export const list2 = defineScreenFeature({ type: 'list2', Screen: List2Screen });
