// Feature entry of the "list5" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List5Screen } from './list5-screen.tsx';

export const list5 = defineScreenFeature({ type: 'list5', Screen: List5Screen });
