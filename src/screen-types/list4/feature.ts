// Feature entry of the "list4" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List4Screen } from './list4-screen.tsx';

export const list4 = defineScreenFeature({ type: 'list4', Screen: List4Screen });
