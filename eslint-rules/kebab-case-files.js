// File names are kebab-case (lower-case words joined by '-'; dots separate suffixes such as
// '.test.ts' or '.d.ts'). ESLint sees only the files it lints, so CSS and JSON are not checked.
import { basename } from 'node:path';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

export const kebabCaseFiles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names must be kebab-case.' },
    schema: [],
    messages: { notKebab: "File name '{{name}}' is not kebab-case." },
  },
  create(context) {
    return {
      Program(node) {
        const name = basename(context.filename);
        if (name === '<input>' || name === '<text>') return;
        if (!KEBAB.test(name)) context.report({ node, messageId: 'notKebab', data: { name } });
      },
    };
  },
};
