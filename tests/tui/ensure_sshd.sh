#!/usr/bin/env bash
# Best effort, idempotent: make sure sshd and tmux exist for tests/tui/test_ssh.py.
# Installs openssh-server / tmux with apt-get only when missing, only as root.
# Never fails the build: always exits 0 and prints one line of what it did.

want=()
[ -x /usr/sbin/sshd ] || want+=(openssh-server)
command -v tmux >/dev/null 2>&1 || want+=(tmux)
command -v ssh >/dev/null 2>&1 || want+=(openssh-client)

if [ ${#want[@]} -eq 0 ]; then
    echo "ensure_sshd: sshd, ssh and tmux present; nothing to do"
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure_sshd: missing ${want[*]} (not root or no apt-get); the SSH test will be skipped"
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if apt-get install -y -qq "${want[@]}" >/dev/null 2>&1 \
   || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "${want[@]}" >/dev/null 2>&1; }; then
    echo "ensure_sshd: installed ${want[*]}"
else
    echo "ensure_sshd: could not install ${want[*]}; the SSH test will be skipped"
fi
exit 0
