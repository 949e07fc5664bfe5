export * from './locales';
export * from './routes';
export * from './schemas';
export * from './api/client';
export * from './atoms';
export * from './clientState';
export * from './mount';
export * from './query';
