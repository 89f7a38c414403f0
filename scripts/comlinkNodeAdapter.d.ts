// comlink ships its Node adapter's types beside the .mjs file under another name.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
