import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './scripts/vite-content-plugin.ts';

export default defineConfig({
  plugins: [react(), contentPlugin()],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'course-files/**/*.test.ts',
      'scripts/**/*.test.ts',
      'lms-preview/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20000,
    pool: 'forks',
    // scrypt at N=2^10 instead of 2^17 (server/security/passwords.ts): tests hash a lot.
    env: { CURSO_SST_SCRYPT_LOG2N: '10' },
  },
});
