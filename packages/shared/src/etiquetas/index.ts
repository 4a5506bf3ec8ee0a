export * from './etiqueta.layout';
export * from './etiqueta.options';
export * from './etiqueta.schema';
