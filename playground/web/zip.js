// zip.js: a battle folder to and from a .zip file, with no library: files
// are stored uncompressed when written; a zip read may also hold deflated
// ones, inflated with the browser's DecompressionStream.
(function () {
  "use strict";
  const crcTable = new Uint32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  function crc32(bytes) {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }
  const enc = new TextEncoder(), dec = new TextDecoder();

  // write makes a zip of {name: text}, every file under folder/.
  function write(folder, files) {
    const parts = [], central = [];
    let offset = 0;
    for (const name of Object.keys(files).sort()) {
      const path = enc.encode(folder + "/" + name), data = enc.encode(files[name]), crc = crc32(data);
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true); local.setUint16(4, 20, true); local.setUint16(6, 0x0800, true);
      local.setUint32(14, crc, true); local.setUint32(18, data.length, true); local.setUint32(22, data.length, true);
      local.setUint16(26, path.length, true);
      const head = new DataView(new ArrayBuffer(46));
      head.setUint32(0, 0x02014b50, true); head.setUint16(4, 20, true); head.setUint16(6, 20, true); head.setUint16(8, 0x0800, true);
      head.setUint32(16, crc, true); head.setUint32(20, data.length, true); head.setUint32(24, data.length, true);
      head.setUint16(28, path.length, true); head.setUint32(42, offset, true);
      parts.push(new Uint8Array(local.buffer), path, data);
      central.push(new Uint8Array(head.buffer), path);
      offset += 30 + path.length + data.length;
    }
    const size = central.reduce((n, p) => n + p.length, 0);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, Object.keys(files).length, true); end.setUint16(10, Object.keys(files).length, true);
    end.setUint32(12, size, true); end.setUint32(16, offset, true);
    return new Blob([...parts, ...central, new Uint8Array(end.buffer)], { type: "application/zip" });
  }

  async function inflate(bytes) {
    const s = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Uint8Array(await new Response(s).arrayBuffer());
  }

  // read gives the .rules files of a zip, by base name, with the limits
  // the command holds a folder to (how many files, how large).
  async function read(buffer, maxFiles, maxBytes) {
    const v = new DataView(buffer), bytes = new Uint8Array(buffer);
    let at = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65557); i--) {
      if (v.getUint32(i, true) === 0x06054b50) { at = i; break; }
    }
    if (at < 0) throw new Error("not a zip file");
    const count = v.getUint16(at + 10, true);
    let p = v.getUint32(at + 16, true), total = 0;
    const out = {};
    for (let n = 0; n < count; n++) {
      if (v.getUint32(p, true) !== 0x02014b50) throw new Error("a damaged zip file");
      const method = v.getUint16(p + 10, true), csize = v.getUint32(p + 20, true), usize = v.getUint32(p + 24, true);
      const nlen = v.getUint16(p + 28, true), xlen = v.getUint16(p + 30, true), clen = v.getUint16(p + 32, true);
      const local = v.getUint32(p + 42, true);
      const name = dec.decode(bytes.subarray(p + 46, p + 46 + nlen));
      p += 46 + nlen + xlen + clen;
      const base = name.split("/").pop();
      if (!base.endsWith(".rules")) continue;
      if (Object.keys(out).length >= maxFiles) throw new Error(`the zip holds more than ${maxFiles} .rules files`);
      total += usize;
      if (total > maxBytes) throw new Error(`the zip's .rules files are larger than ${maxBytes} bytes together`);
      const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
      const raw = bytes.subarray(start, start + csize);
      let data;
      if (method === 0) data = raw;
      else if (method === 8) data = await inflate(raw);
      else throw new Error(`${name}: compression method ${method} is not read`);
      if (data.length > maxBytes) throw new Error(`${name} is larger than ${maxBytes} bytes`);
      out[base] = dec.decode(data);
    }
    return out;
  }

  // pack and unpack a folder to and from a link's fragment: JSON, deflated,
  // in base64url.
  async function pack(state) {
    const s = new Blob([JSON.stringify(state)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const b = new Uint8Array(await new Response(s).arrayBuffer());
    let bin = "";
    for (const x of b) bin += String.fromCharCode(x);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  async function unpack(text, maxBytes) {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const b = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const s = new Blob([b]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    // Read no more than the bound: a small link may inflate without end.
    const reader = s.getReader(), chunks = [];
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.length;
      if (n > maxBytes) { reader.cancel(); throw new Error(`the link holds more than ${maxBytes} bytes`); }
      chunks.push(value);
    }
    return JSON.parse(dec.decode(await new Blob(chunks).arrayBuffer()));
  }

  window.BatailleZip = { write, read, pack, unpack, crc32 };
})();
