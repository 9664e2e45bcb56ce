/** Operation metadata the client needs (generated/operations.ts). */
import type { Step } from '../artifacts.js';

export const clientStep: Step = () => [];
