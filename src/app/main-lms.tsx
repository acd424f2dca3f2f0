// Entry of the LMS build (decision 0207): the course was filled for the build's obra when built.
import { startLms } from './start-lms.ts';

startLms();
