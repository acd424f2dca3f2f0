// Entry of the inline early-Initialize script (see early-init.ts); bundled alone at build time.
import { earlyInitialize } from './early-init.ts';

earlyInitialize(window);
