// A made-up screen type for the plug-in fixture test (src/plugin-fixtures/): a checklist, its
// domain entry. Its «checks» field is one no other type has: declared here, checked by the
// content schema, read by the placeholder check, readability and the honest hours with no
// central edit (decision records 0200, 0271).
import { defineScreenType } from '../../../domain/registry/define.ts';

export const list9 = defineScreenType({
  type: 'list9',
  segment: 'lista9',
  fields: (f) => ({
    text: f.html.optional(),
    checks: f.z.array(f.z.strictObject({ check: f.html, why: f.html.optional() })).min(1),
  }),
  clickToReveal: true,
  texts: (t) => ({
    fields: [
      ['text', t.text],
      ...t.checks.flatMap((c, i): Array<[string, string | undefined]> => [
        [`checks[${i}].check`, c.check],
        [`checks[${i}].why`, c.why],
      ]),
    ],
    read: [t.text ?? '', ...t.checks.flatMap((c) => [c.check, c.why ?? ''])].filter(Boolean),
  }),
  images: () => [],
  check(t, need) {
    need(t.checks.length <= 8, `list9: ${t.checks.length} casillas (máximo 8)`);
  },
});
