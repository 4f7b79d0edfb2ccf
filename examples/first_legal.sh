#!/bin/sh
# A bot in plain sh for `domino-tui tournament --bots 'cmd:sh examples/first_legal.sh',greedy`.
# It speaks the bot protocol (README, "The bot protocol"): one JSON message per line on stdin and stdout.
# It plays the first legal move, which is a tile whenever one fits (the legal moves list the plays first).
echo '{"hello": "first legal (sh)"}'
while IFS= read -r line; do
    case "$line" in
        '{"game"'*) echo '{"ready": true}' ;;
        '{"obs"'*) echo '{"move": 0}' ;;
    esac
done
