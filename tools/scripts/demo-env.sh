# Sourced by start.sh and tools/cluster/cluster.sh: the secrets and sandboxes of a demo deployment.
# Production refuses to start without its secrets (docs/adr/0134). A demo makes its own once, kept under .data/
# (ignored by git) so a restart still opens what it sealed; a real deployment sets them from its secret store.
secret() {
  local file=".data/secrets/$1"
  if [ ! -s "$file" ]; then
    mkdir -p .data/secrets && chmod 700 .data/secrets
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('hex'))" >"$file")
  fi
  cat "$file"
}
export ACCOUNT_SECRET_KEY="${ACCOUNT_SECRET_KEY:-$(secret account-secret-key)}"
# Card deposits through the sandbox provider (test cards only, no real money).
export PAYMENT_PROVIDER="${PAYMENT_PROVIDER:-sandbox}"
if [ "$PAYMENT_PROVIDER" = sandbox ]; then
  export PAYMENT_CALLBACK_SECRET="${PAYMENT_CALLBACK_SECRET:-$(secret payment-callback-secret)}"
fi
# Germany's activity file (DEGGL-PP-1) answered by the database sandbox: without a file, German stakes are refused.
export ACTIVITY_FILE="${ACTIVITY_FILE:-sandbox}"
