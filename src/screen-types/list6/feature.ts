// Feature entry of the "list6" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List6Screen } from './list6-screen.tsx';

export const list6 = defineScreenFeature({ type: 'list6', Screen: List6Screen });
