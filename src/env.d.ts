/// <reference types="vite/client" />
/** 'lms' for the SCORM package build, 'web' for the standalone build. */
declare const __BUILD_TARGET__: 'lms' | 'web';
