// sim/web/src/model.js - what the tests import (build/web/shield.mjs): the shield model,
// the image loaders and the board's pin map.
export * from './shield.js';
export * from './image.js';
export { default as PINS } from 'board-pins';
