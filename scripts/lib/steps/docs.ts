/** The single-file HTML reference (generated/docs/index.html). */
import type { Step } from '../artifacts.js';

export const docsStep: Step = () => [];
