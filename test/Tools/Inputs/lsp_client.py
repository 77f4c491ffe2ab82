#!/usr/bin/env python3
"""A minimal LSP client for the cute-lsp-server smoke test: initialize, open
a document, print what the server publishes (diagnostics) and answers
(hover), shut down. Usage: lsp_client.py SERVER FILE [LINE:COL to hover]"""
import json
import subprocess
import sys


def send(proc, msg):
    body = json.dumps(msg).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("server closed the connection")
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(proc.stdout.read(length))


def wait_for(proc, pred):
    while True:
        msg = receive(proc)
        if pred(msg):
            return msg


def main():
    server, path = sys.argv[1], sys.argv[2]
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    proc = subprocess.Popen([server], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"processId": None, "rootUri": None,
                           "capabilities": {}}})
    init = wait_for(proc, lambda m: m.get("id") == 1)
    caps = init["result"]["capabilities"]
    print("capabilities: hover=%s definition=%s" %
          (bool(caps.get("hoverProvider")), bool(caps.get("definitionProvider"))))
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                            "version": 1, "text": text}}})
    diags = wait_for(proc, lambda m: m.get("method") ==
                     "textDocument/publishDiagnostics")
    for d in diags["params"]["diagnostics"]:
        print("diagnostic %d:%d: %s" % (d["range"]["start"]["line"] + 1,
                                        d["range"]["start"]["character"] + 1,
                                        d["message"]))
    if len(sys.argv) > 3:
        line, col = (int(x) for x in sys.argv[3].split(":"))
        send(proc, {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": uri},
                               "position": {"line": line - 1,
                                            "character": col - 1}}})
        hover = wait_for(proc, lambda m: m.get("id") == 2)
        contents = (hover.get("result") or {}).get("contents", {})
        value = contents.get("value", "") if isinstance(contents, dict) else ""
        print("hover: " + " ".join(value.split()))
    send(proc, {"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    wait_for(proc, lambda m: m.get("id") == 3)
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    proc.wait(timeout=10)


if __name__ == "__main__":
    main()
