// Feature entry of the "list1" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List1Screen } from './list1-screen.tsx';

export const list1 = defineScreenFeature({ type: 'list1', Screen: List1Screen });
