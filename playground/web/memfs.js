// memfs.js: an in-memory file system with the part of Node's fs API that
// Go's js/wasm port calls (syscall/fs_js.go), so that the bataille command
// runs in a page's worker on files the page holds. Loaded before
// wasm_exec.js, which then keeps it.
(function () {
  "use strict";
  const S_IFDIR = 0o40000, S_IFREG = 0o100000;
  const C = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  let nodes, fds, nextFd, nextIno, cwd;
  function reset() {
    nodes = new Map([["/", { dir: true, mtime: Date.now(), ino: 1 }]]);
    fds = new Map();
    nextFd = 100;
    nextIno = 2;
    cwd = "/";
  }
  reset();

  function norm(p) {
    if (!p.startsWith("/")) p = cwd + "/" + p;
    const out = [];
    for (const part of p.split("/")) {
      if (part === "" || part === ".") continue;
      if (part === "..") out.pop(); else out.push(part);
    }
    return "/" + out.join("/");
  }
  function parent(p) {
    const i = p.lastIndexOf("/");
    return i <= 0 ? "/" : p.slice(0, i);
  }
  function fail(code) {
    const e = new Error(code);
    e.code = code;
    return e;
  }
  function statOf(n) {
    const size = n.dir ? 0 : n.data.length;
    return {
      dev: 1, ino: n.ino, mode: n.dir ? S_IFDIR | 0o755 : S_IFREG | 0o644, nlink: 1, uid: 0, gid: 0, rdev: 0,
      size, blksize: 4096, blocks: Math.ceil(size / 512), atimeMs: n.mtime, mtimeMs: n.mtime, ctimeMs: n.mtime,
      isDirectory() { return n.dir; },
    };
  }
  function node(p) { return nodes.get(norm(p)); }
  function mkfile(p, data) {
    const dir = nodes.get(parent(p));
    if (!dir) throw fail("ENOENT");
    if (!dir.dir) throw fail("ENOTDIR");
    const n = { dir: false, data: data || new Uint8Array(0), mtime: Date.now(), ino: nextIno++ };
    nodes.set(p, n);
    return n;
  }
  // Every call answers through its callback, as Node's do.
  function call(cb, f) {
    let v;
    try { v = f(); } catch (e) { cb(e.code ? e : fail("EIO")); return; }
    cb(null, v);
  }
  let line = "";
  const fs = {
    constants: C,
    writeSync(fd, buf) {
      if (fd === 1 || fd === 2) {
        line += decoder.decode(buf);
        const nl = line.lastIndexOf("\n");
        if (nl >= 0) { console.log(line.slice(0, nl)); line = line.slice(nl + 1); }
        return buf.length;
      }
      return writeAt(fd, buf, 0, buf.length, null);
    },
    write(fd, buf, offset, length, position, cb) {
      if (fd === 1 || fd === 2) { call(cb, () => fs.writeSync(fd, buf.subarray(offset, offset + length))); return; }
      call(cb, () => writeAt(fd, buf, offset, length, position));
    },
    open(path, flags, mode, cb) {
      call(cb, () => {
        const p = norm(path);
        let n = nodes.get(p);
        if (n && (flags & C.O_CREAT) && (flags & C.O_EXCL)) throw fail("EEXIST");
        if (!n) {
          if (!(flags & C.O_CREAT)) throw fail("ENOENT");
          n = mkfile(p);
        }
        if ((flags & C.O_DIRECTORY) && !n.dir) throw fail("ENOTDIR");
        if (n.dir && (flags & (C.O_WRONLY | C.O_RDWR))) throw fail("EISDIR");
        if ((flags & C.O_TRUNC) && !n.dir) { n.data = new Uint8Array(0); n.mtime = Date.now(); }
        const fd = nextFd++;
        fds.set(fd, { path: p, flags, pos: 0 });
        return fd;
      });
    },
    close(fd, cb) { call(cb, () => { if (!fds.delete(fd)) throw fail("EBADF"); }); },
    fstat(fd, cb) { call(cb, () => statOf(fileOf(fd))); },
    stat(path, cb) { call(cb, () => { const n = node(path); if (!n) throw fail("ENOENT"); return statOf(n); }); },
    lstat(path, cb) { fs.stat(path, cb); },
    read(fd, buffer, offset, length, position, cb) {
      call(cb, () => {
        const f = fds.get(fd), n = fileOf(fd);
        if (n.dir) throw fail("EISDIR");
        const pos = position === null || position === undefined ? f.pos : position;
        const k = Math.max(0, Math.min(length, n.data.length - pos));
        buffer.set(n.data.subarray(pos, pos + k), offset);
        if (position === null || position === undefined) f.pos += k;
        return k;
      });
    },
    readdir(path, cb) {
      call(cb, () => {
        const p = norm(path), n = nodes.get(p);
        if (!n) throw fail("ENOENT");
        if (!n.dir) throw fail("ENOTDIR");
        const prefix = p === "/" ? "/" : p + "/", out = [];
        for (const k of nodes.keys()) {
          if (k !== p && k.startsWith(prefix) && !k.slice(prefix.length).includes("/")) out.push(k.slice(prefix.length));
        }
        return out.sort();
      });
    },
    mkdir(path, perm, cb) {
      call(cb, () => {
        const p = norm(path);
        if (nodes.has(p)) throw fail("EEXIST");
        const dir = nodes.get(parent(p));
        if (!dir) throw fail("ENOENT");
        nodes.set(p, { dir: true, mtime: Date.now(), ino: nextIno++ });
      });
    },
    unlink(path, cb) { call(cb, () => { const p = norm(path), n = nodes.get(p); if (!n) throw fail("ENOENT"); if (n.dir) throw fail("EISDIR"); nodes.delete(p); }); },
    rmdir(path, cb) {
      call(cb, () => {
        const p = norm(path), n = nodes.get(p);
        if (!n) throw fail("ENOENT");
        if (!n.dir) throw fail("ENOTDIR");
        for (const k of nodes.keys()) if (k.startsWith(p + "/")) throw fail("ENOTEMPTY");
        nodes.delete(p);
      });
    },
    rename(from, to, cb) {
      call(cb, () => {
        const a = norm(from), b = norm(to), n = nodes.get(a);
        if (!n) throw fail("ENOENT");
        if (!nodes.get(parent(b))) throw fail("ENOENT");
        for (const [k, v] of [...nodes]) {
          if (k === a || k.startsWith(a + "/")) { nodes.delete(k); nodes.set(b + k.slice(a.length), v); }
        }
      });
    },
    ftruncate(fd, length, cb) { call(cb, () => { const n = fileOf(fd); n.data = resized(n.data, length); }); },
    truncate(path, length, cb) { call(cb, () => { const n = node(path); if (!n) throw fail("ENOENT"); n.data = resized(n.data, length); }); },
    fsync(fd, cb) { cb(null); },
    chmod(path, mode, cb) { call(cb, () => { if (!node(path)) throw fail("ENOENT"); }); },
    fchmod(fd, mode, cb) { call(cb, () => { fileOf(fd); }); },
    chown(path, uid, gid, cb) { call(cb, () => { if (!node(path)) throw fail("ENOENT"); }); },
    fchown(fd, uid, gid, cb) { call(cb, () => { fileOf(fd); }); },
    lchown(path, uid, gid, cb) { fs.chown(path, uid, gid, cb); },
    utimes(path, atime, mtime, cb) { call(cb, () => { const n = node(path); if (!n) throw fail("ENOENT"); n.mtime = mtime * 1000; }); },
    readlink(path, cb) { call(cb, () => { throw fail(node(path) ? "EINVAL" : "ENOENT"); }); },
    symlink(path, link, cb) { call(cb, () => { throw fail("EPERM"); }); },
    link(path, link, cb) { call(cb, () => { throw fail("EPERM"); }); },
  };
  function fileOf(fd) {
    const f = fds.get(fd);
    if (!f) throw fail("EBADF");
    const n = nodes.get(f.path);
    if (!n) throw fail("ENOENT");
    return n;
  }
  function resized(data, length) {
    const out = new Uint8Array(length);
    out.set(data.subarray(0, Math.min(length, data.length)));
    return out;
  }
  function writeAt(fd, buf, offset, length, position) {
    const f = fds.get(fd), n = fileOf(fd);
    let pos = position === null || position === undefined ? f.pos : position;
    if (f.flags & C.O_APPEND) pos = n.data.length;
    if (pos + length > n.data.length) n.data = resized(n.data, pos + length);
    n.data.set(buf.subarray(offset, offset + length), pos);
    n.mtime = Date.now();
    if (position === null || position === undefined) f.pos = pos + length;
    return length;
  }

  globalThis.fs = fs;
  globalThis.path = { resolve(...parts) { return norm(parts.join("/")); } };
  globalThis.process = {
    getuid() { return 0; }, getgid() { return 0; }, geteuid() { return 0; }, getegid() { return 0; },
    getgroups() { return []; }, pid: 1, ppid: 0, umask() { return 0o22; },
    cwd() { return cwd; }, chdir(d) { const p = norm(d); if (!nodes.get(p)?.dir) throw fail("ENOENT"); cwd = p; },
  };
  // What the worker uses to lay out a battle folder and read back what a
  // command wrote.
  globalThis.memfs = {
    reset,
    mkdirAll(p) {
      let at = "";
      for (const part of norm(p).split("/").slice(1)) {
        at += "/" + part;
        if (!nodes.has(at)) nodes.set(at, { dir: true, mtime: Date.now(), ino: nextIno++ });
      }
    },
    writeFile(p, text) { const q = norm(p); this.mkdirAll(parent(q)); mkfile(q, encoder.encode(text)); },
    readFile(p) { const n = node(p); return n && !n.dir ? decoder.decode(n.data) : null; },
    list(dir) {
      const p = norm(dir), prefix = p === "/" ? "/" : p + "/", out = [];
      for (const [k, v] of nodes) if (!v.dir && k.startsWith(prefix)) out.push(k.slice(prefix.length));
      return out.sort();
    },
  };
})();
