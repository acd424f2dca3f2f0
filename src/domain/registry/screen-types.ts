// The domain registry of screen types: one line per type (its folder's definition.ts).
export { content } from '../../screen-types/content/definition.ts';
export { list1 } from '../../screen-types/list1/definition.ts';
export { list2 } from '../../screen-types/list2/definition.ts';
export { list3 } from '../../screen-types/list3/definition.ts';
export { list4 } from '../../screen-types/list4/definition.ts';
export { list5 } from '../../screen-types/list5/definition.ts';
export { list6 } from '../../screen-types/list6/definition.ts';
export { list7 } from '../../screen-types/list7/definition.ts';
export { list8 } from '../../screen-types/list8/definition.ts';
