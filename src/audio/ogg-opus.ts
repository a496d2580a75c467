/**
 * Ogg container for Opus packets (RFC 7845): an OpusHead page, an OpusTags page, then audio pages of about one
 * second each. The codec itself is libopus (opusscript, WASM); this file only frames its packets. Granule positions
 * count 48 kHz samples including the pre-skip, and the last page's granule trims the final frame's padding, so
 * players and ffprobe know the exact length.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index++) {
    let value = index << 24;
    for (let bit = 0; bit < 8; bit++) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
    table[index] = value >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

export class OggOpusWriter {
  private sequence = 0;
  private readonly serial = Math.floor(Math.random() * 0xffffffff);
  private packets: Uint8Array[] = [];
  private granule: number;

  constructor(
    private readonly inputRate: number,
    private readonly preSkip: number,
  ) {
    this.granule = preSkip;
  }

  /** The two header pages. */
  headers(): Uint8Array[] {
    const head = new Uint8Array(19);
    head.set(new TextEncoder().encode('OpusHead'));
    const view = new DataView(head.buffer);
    head[8] = 1; // version
    head[9] = 1; // channels
    view.setUint16(10, this.preSkip, true);
    view.setUint32(12, this.inputRate, true);
    view.setInt16(16, 0, true); // output gain
    head[18] = 0; // mapping family
    const vendor = new TextEncoder().encode('recite (libopus)');
    const tags = new Uint8Array(8 + 4 + vendor.length + 4);
    tags.set(new TextEncoder().encode('OpusTags'));
    new DataView(tags.buffer).setUint32(8, vendor.length, true);
    tags.set(vendor, 12);
    return [this.page([head], 0, 0x02), this.page([tags], 0, 0)];
  }

  /** Adds one packet of `samples48k` samples (at 48 kHz); returns a page when about a second has gathered. */
  add(packet: Uint8Array, samples48k: number): Uint8Array | undefined {
    this.packets.push(packet);
    this.granule += samples48k;
    if (this.packets.length < 50) return undefined;
    const page = this.page(this.packets, this.granule, 0);
    this.packets = [];
    return page;
  }

  /** The last page; `totalInputSamples` at the input rate sets the exact end. */
  end(totalInputSamples: number): Uint8Array {
    const exact = this.preSkip + Math.round((totalInputSamples * 48000) / this.inputRate);
    const page = this.page(this.packets, Math.min(exact, this.granule), 0x04);
    this.packets = [];
    return page;
  }

  private page(packets: Uint8Array[], granule: number, flags: number): Uint8Array {
    const lacing: number[] = [];
    for (const packet of packets) {
      let size = packet.length;
      while (size >= 255) {
        lacing.push(255);
        size -= 255;
      }
      lacing.push(size);
    }
    const bodyLength = packets.reduce((total, packet) => total + packet.length, 0);
    const page = new Uint8Array(27 + lacing.length + bodyLength);
    const view = new DataView(page.buffer);
    page.set([0x4f, 0x67, 0x67, 0x53]); // OggS
    page[5] = flags;
    view.setBigUint64(6, BigInt(granule), true);
    view.setUint32(14, this.serial, true);
    view.setUint32(18, this.sequence++, true);
    page[26] = lacing.length;
    page.set(lacing, 27);
    let at = 27 + lacing.length;
    for (const packet of packets) {
      page.set(packet, at);
      at += packet.length;
    }
    view.setUint32(22, crc32(page), true);
    return page;
  }
}
