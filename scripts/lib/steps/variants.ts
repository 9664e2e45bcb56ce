/** The dereferenced and OpenAPI 3.0 variants of the document. */
import type { Step } from '../artifacts.js';

export const variantsStep: Step = () => [];
