// Entry of the template LMS build (decision 0241): the course ships unfilled and is filled at
// start with the values the server wrote into index.html for one obra (src/app/page-obra.ts),
// by the same functions the web build uses (fill-per-obra.ts). Otherwise the LMS entry's start.
import { fillOutline } from '../domain/content/fill-per-obra.ts';
import { fillModule } from '../domain/content/placeholders.ts';
import type { Module } from '../domain/content/types.ts';
import { pageObra } from './page-obra.ts';
import { startLms } from './start-lms.ts';

const page = pageObra();
const filled = new WeakMap<Module, Module>();

// Without the block (the template opened as built, never a served zip) the course shows its
// placeholders' names rather than failing.
startLms(
  page
    ? {
        outline: (outline) => fillOutline(outline, page.values),
        module: (module) => {
          let done = filled.get(module);
          if (!done) filled.set(module, (done = fillModule(module, page.values)));
          return done;
        },
      }
    : undefined,
);
