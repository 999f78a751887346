// sim/web/src/model.js - what the tests import (build/web/shield.mjs): the shield model,
// the image loaders, the board's pin map and the menu table (build/gen/menu.json).
export * from './shield.js';
export * from './image.js';
export { default as PINS } from 'board-pins';
export { default as MENU } from 'board-menu';
