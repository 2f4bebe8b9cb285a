export * from './file.js';
export * from './platform.js';
export * from './user.js';
export * from './training.js';
export * from './triad.js';
export * from './auth.js';
export * from './audit.js';
export * from './questionnaire.js';
