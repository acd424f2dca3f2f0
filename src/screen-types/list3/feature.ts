// Feature entry of the "list3" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List3Screen } from './list3-screen.tsx';

export const list3 = defineScreenFeature({ type: 'list3', Screen: List3Screen });
