// The domain registry of screen types for the plug-in fixture test: the real one, and one line.
export * from '../../domain/registry/screen-types.ts';
export { list9 } from '../screen-types/list9/definition.ts';
