// The feature registry of screen types: one line per type (its folder's feature.ts).
export { content } from '../../screen-types/content/feature.ts';
export { list1 } from '../../screen-types/list1/feature.ts';
export { list2 } from '../../screen-types/list2/feature.ts';
export { list3 } from '../../screen-types/list3/feature.ts';
export { list4 } from '../../screen-types/list4/feature.ts';
export { list5 } from '../../screen-types/list5/feature.ts';
export { list6 } from '../../screen-types/list6/feature.ts';
export { list7 } from '../../screen-types/list7/feature.ts';
export { list8 } from '../../screen-types/list8/feature.ts';
