// The feature registry of screen types for the plug-in fixture test: the real one, and one line.
export * from '../../features/screens/registry.ts';
export { list9 } from '../screen-types/list9/feature.ts';
