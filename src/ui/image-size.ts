// width/height of a course illustration, from the build (virtual:course imageSizes): the <img>
// reserves its space before the file arrives, so nothing pops in and the layout does not shift
// (docs/decisions/0098-no-screen-waits-on-the-network.md).
import { imageSizes } from 'virtual:course';

export function imageSize(src: string | undefined): { width?: number; height?: number } {
  const size = src ? imageSizes[src] : undefined;
  return size ? { width: size[0], height: size[1] } : {};
}
