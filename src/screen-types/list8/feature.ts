// Feature entry of the "list8" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List8Screen } from './list8-screen.tsx';

export const list8 = defineScreenFeature({ type: 'list8', Screen: List8Screen });
