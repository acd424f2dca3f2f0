// Feature entry of the "list7" screen type: its component.
import { defineScreenFeature } from '../../screen-kit/define.ts';
import { List7Screen } from './list7-screen.tsx';

export const list7 = defineScreenFeature({ type: 'list7', Screen: List7Screen });
