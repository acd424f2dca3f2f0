// Component tests opt into jsdom per file with `// @vitest-environment jsdom`.
export {};
