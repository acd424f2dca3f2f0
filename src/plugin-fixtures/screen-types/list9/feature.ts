// A made-up screen type for the plug-in fixture test: its feature entry.
import { defineScreenFeature } from '../../../screen-kit/define.ts';
import { List9Screen } from './list9-screen.tsx';

export const list9 = defineScreenFeature({ type: 'list9', Screen: List9Screen });
