#!/usr/bin/env bash
# Upgrades the school's site to a release tag (or a commit), and undoes the upgrade if the new release fails its
# check:  sudo deploy/upgrade.sh v1.4.0
#
# Releases live side by side in $SCHOOL_ROOT/releases/<tag>/ (clones at a tag, each with its
# own node_modules and build); $SCHOOL_ROOT/current is a link to the one the service runs. Steps:
#  1. check out the tag into a new release folder; refuse a release that does not know every change
#     already made to the database's schema (going back past a migration: decision 0034);
#  2. install its packages (a hardlinked copy of the running release's node_modules when
#     package-lock.json is the same but for the site's version and its native parts load in this Node, otherwise `npm ci`) and build it with the
#     settings of $SCHOOL_ENV_FILE; the running site is untouched until here;
#  3. back up the database (`npm run backup` of the running release);
#  4. switch `current` to the new release in one step, restart the service, and wait for
#     $SCHOOL_HEALTH_URL and a page through Caddy ($SCHOOL_PAGE_URL) to answer 200;
#  5. if they do not: stop the service, switch back, and, only if the new release changed the
#     database's schema, restore the backup and carry over the enquiries received since (with the
#     mail they queued); then start the previous release and check it again.
# Everything is said in plain words as it happens. Exit status: 0 upgraded; 1 nothing changed, or
# rolled back; 2 rolled back with something left to do by hand, or the site is down (read the last lines).
#
# Settings (the defaults are the production layout of docs/deploy.md; tests set them to a scratch layout):
#   SCHOOL_ROOT (/srv/school), SCHOOL_SOURCE (the git repository to clone the tag from; the one the
#   running release was cloned from, its `origin`),
#   SCHOOL_ENV_FILE (/etc/school/school.env), SCHOOL_SERVICE (school), SCHOOL_USER (school: the release
#   is installed and built, and the data and backups touched, as that user; empty: as whoever runs this), SCHOOL_SYSTEMCTL (systemctl;
#   called as `$SCHOOL_SYSTEMCTL stop|start|restart $SCHOOL_SERVICE`), SCHOOL_HEALTH_URL
#   (http://127.0.0.1:3000/healthz), SCHOOL_PAGE_URL (PUBLIC_URL of the env file, i.e. the home page
#   through Caddy), SCHOOL_WAIT_SECONDS (60: how long the new release has to pass), SCHOOL_KEEP_RELEASES
#   (3: older release folders beyond these, and the running and previous ones, are deleted).
set -euo pipefail
umask 022
# comm compares the migration lists in byte order, as SQLite sorts them.
export LC_ALL=C

ROOT=${SCHOOL_ROOT:-/srv/school}
ENV_FILE=${SCHOOL_ENV_FILE:-/etc/school/school.env}
SERVICE=${SCHOOL_SERVICE:-school}
RUN_AS=${SCHOOL_USER-school}
SYSTEMCTL=${SCHOOL_SYSTEMCTL:-systemctl}
HEALTH_URL=${SCHOOL_HEALTH_URL:-http://127.0.0.1:3000/healthz}
WAIT_SECONDS=${SCHOOL_WAIT_SECONDS:-60}
KEEP_RELEASES=${SCHOOL_KEEP_RELEASES:-3}
RELEASES=$ROOT/releases

say() { printf '%s\n' "$*"; }
fail() {
  printf 'Upgrade stopped: %s\n' "$*" >&2
  exit 1
}

TAG=${1:-}
[[ -n $TAG ]] || fail "name the release tag to install, e.g. sudo deploy/upgrade.sh v1.4.0"
[[ $TAG =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || fail "\"$TAG\" is not a release tag (letters, digits, dots, dashes)."
[[ -f $ENV_FILE ]] || fail "there is no settings file at $ENV_FILE."
mkdir -p "$RELEASES"
# Held until the script ends; the service is started without it (9>&-), or it would hold the lock on.
exec 9>"$ROOT/.upgrade.lock"
flock -n 9 || fail "another upgrade is running (it holds $ROOT/.upgrade.lock)."

# The settings file as systemd reads it (KEY=value lines; comments and blank lines skipped; one pair of
# surrounding quotes removed), for the build (PUBLIC_URL, RETENTION_MONTHS) and the data commands.
SETTINGS=()
while IFS= read -r line || [[ -n $line ]]; do
  [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
  [[ $line =~ ^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || fail "$ENV_FILE has a line that is not KEY=value: $line"
  key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
  if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then value=${BASH_REMATCH[1]}; fi
  SETTINGS+=("$key=$value")
done <"$ENV_FILE"
setting() {
  local entry value=''
  for entry in "${SETTINGS[@]}"; do [[ $entry == "$1="* ]] && value=${entry#*=}; done
  printf '%s' "$value"
}
DATA_DIR=$(setting DATA_DIR)
[[ -n $DATA_DIR ]] || fail "$ENV_FILE does not set DATA_DIR."
DATABASE=$DATA_DIR/school.sqlite
PAGE_URL=${SCHOOL_PAGE_URL:-$(setting PUBLIC_URL)/}
[[ $PAGE_URL != / ]] || fail "$ENV_FILE does not set PUBLIC_URL, so there is no page to check through Caddy (or set SCHOOL_PAGE_URL)."

# Runs a command as the service's user, so that the releases, the data and the backups belong to it.
as_user() {
  if [[ -n $RUN_AS && $(id -u) == 0 ]]; then runuser -u "$RUN_AS" -- "$@"; else "$@"; fi
}
# Runs a command of a release: in its folder, with the settings, as the service's user.
in_release() {
  local release=$1
  shift
  # Without the caller's MAIL: sudo sets it to root's mailbox, which the settings file may not override (MAIL=off removed).
  (cd "$release" && as_user env -u MAIL "${SETTINGS[@]}" "$@")
}

# The migrations recorded in the live database, one a line (none before its first start).
database_migrations() {
  [[ -f $DATABASE ]] || return 0
  in_release "$1" node -e '
    const db = new (require("better-sqlite3"))(process.argv[1], { readonly: true, fileMustExist: true });
    const known = db.prepare("select 1 from sqlite_schema where name = ?").get("kysely_migration");
    if (known) for (const name of db.prepare("select name from kysely_migration order by name").pluck().all()) console.log(name);
    db.close();' "$DATABASE"
}

# The migrations a release's code knows, one a line (src/server/storage/migrations/NNN-name.ts).
release_migrations() {
  find "$1/src/server/storage/migrations" -maxdepth 1 -name '[0-9][0-9][0-9]-*.ts' ! -name '*.test.ts' -printf '%f\n' | sed 's/\.ts$//' | sort
}

answers_ok() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(5000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1"
}

# Waits until both addresses answer 200, at most WAIT_SECONDS; says which did not.
passes_check() {
  local deadline=$((SECONDS + WAIT_SECONDS)) url
  for url in "$HEALTH_URL" "$PAGE_URL"; do
    until answers_ok "$url"; do
      if ((SECONDS >= deadline)); then
        say "  $url did not answer 200 within $WAIT_SECONDS seconds."
        return 1
      fi
      sleep 1
    done
    say "  $url answers 200."
  done
}

switch_to() {
  ln -sfn "releases/$1" "$ROOT/.current.next"
  mv -Tf "$ROOT/.current.next" "$ROOT/current"
}

# --- 1. The release, checked out beside the running one ---------------------------------------
[[ -L $ROOT/current ]] || fail "$ROOT/current is not a link to a release: install the first release as docs/deploy.md says."
PREVIOUS=$(basename "$(readlink "$ROOT/current")")
PREVIOUS_DIR=$RELEASES/$PREVIOUS
[[ $TAG != "$PREVIOUS" ]] || fail "$TAG is the release running now; nothing to do."
NEW_DIR=$RELEASES/$TAG

# As the release's owner: git refuses to read a repository another user owns ("dubious ownership").
SOURCE=${SCHOOL_SOURCE:-$(as_user git -C "$PREVIOUS_DIR" remote get-url origin 2>/dev/null || true)}
[[ -n $SOURCE ]] || fail "$PREVIOUS_DIR has no git origin to take $TAG from; set SCHOOL_SOURCE to the repository's address."
say "Checking out $TAG from $SOURCE into $NEW_DIR …"
rm -rf "$NEW_DIR"
DEPTH=()
[[ $SOURCE == *://* || $SOURCE == *@*:* ]] && DEPTH=(--depth 1)
# A tag (npm run release makes them; CHANGELOG.md lists them) is cloned alone; a commit, with the history.
as_user git -c advice.detachedHead=false clone --quiet "${DEPTH[@]}" --branch "$TAG" "$SOURCE" "$NEW_DIR" 2>/dev/null ||
  { rm -rf "$NEW_DIR" && as_user git clone --quiet --no-checkout "$SOURCE" "$NEW_DIR" && as_user git -C "$NEW_DIR" -c advice.detachedHead=false checkout --quiet "$TAG"; } ||
  { rm -rf "$NEW_DIR"; fail "could not take $TAG from $SOURCE: name a release tag as CHANGELOG.md spells it (git ls-remote --tags $SOURCE lists them) or a commit; nothing was changed."; }

BEFORE_MIGRATIONS=$(database_migrations "$PREVIOUS_DIR")
UNKNOWN=$(comm -23 <(printf '%s\n' "$BEFORE_MIGRATIONS" | sed '/^$/d') <(release_migrations "$NEW_DIR"))
if [[ -n $UNKNOWN ]]; then
  rm -rf "$NEW_DIR"
  fail "$TAG does not know these changes already made to the database: $(tr '\n' ' ' <<<"$UNKNOWN"). It could only run on the backup from before them, losing every enquiry received since, so it was not installed (decision 0034). Install a release that has them; nothing was changed."
fi
ADDED=$(comm -13 <(printf '%s\n' "$BEFORE_MIGRATIONS" | sed '/^$/d') <(release_migrations "$NEW_DIR") | tr '\n' ' ')

# --- 2. Packages and build ---------------------------------------------------------------------
# Hard links are safe: nothing writes into an installed node_modules (npm ci replaces the folder).
# A pruned node_modules (docs/deploy.md's first install removes the build's tools) cannot build.
# The lock files are compared without the site's own version, which every release (npm run release) changes.
same_packages() {
  node -e 'const locked = (file) => { const lock = JSON.parse(require("fs").readFileSync(file, "utf8")); delete lock.version; delete lock.packages[""].version; return JSON.stringify(lock); };
    process.exit(locked(process.argv[1]) === locked(process.argv[2]) ? 0 : 1)' "$1/package-lock.json" "$2/package-lock.json" 2>/dev/null
}
if same_packages "$PREVIOUS_DIR" "$NEW_DIR" && [[ -x $PREVIOUS_DIR/node_modules/.bin/vite ]] &&
  (cd "$PREVIOUS_DIR" && node -e 'new (require("better-sqlite3"))(":memory:").close(); require("sharp")') 2>/dev/null; then
  say "Same packages as $PREVIOUS, whose native parts load in this Node ($(node --version)): sharing its node_modules (hard links) …"
  as_user cp -al "$PREVIOUS_DIR/node_modules" "$NEW_DIR/node_modules"
else
  say "Installing the packages of $TAG (npm ci) …"
  (cd "$NEW_DIR" && as_user npm ci --include=dev --no-audit --no-fund --loglevel=error) || fail "npm ci failed (above); the site still runs $PREVIOUS, unchanged."
fi
say "Building $TAG with the settings of $ENV_FILE …"
in_release "$NEW_DIR" npm run --silent build || fail "the build of $TAG failed (above); the site still runs $PREVIOUS, unchanged."

# --- 3. Backup ---------------------------------------------------------------------------------
BACKUP=''
if [[ -f $DATABASE ]]; then
  say "Backing up the database …"
  BACKUP_OUTPUT=$(in_release "$PREVIOUS_DIR" node scripts/launch.mjs backup) || fail "the backup failed (above); the site still runs $PREVIOUS, unchanged."
  say "$BACKUP_OUTPUT"
  BACKUP=$(sed -n 's/^Backed up the database to \(.*\) ([0-9]* KB)\.$/\1/p' <<<"$BACKUP_OUTPUT")
  [[ -f $BACKUP ]] || fail "could not tell which file the backup wrote; the site still runs $PREVIOUS, unchanged."
fi

# --- 4. Switch, restart, check -----------------------------------------------------------------
say "Switching to $TAG and restarting $SERVICE${ADDED:+ (the database will gain: $ADDED)} …"
switch_to "$TAG"
"$SYSTEMCTL" restart "$SERVICE" 9>&- || true
if passes_check; then
  say "Upgraded from $PREVIOUS to $TAG.${BACKUP:+ The backup taken before is $BACKUP.} To go back: sudo $ROOT/current/deploy/upgrade.sh $PREVIOUS (refused if $TAG changed the database; decision 0034)."
  mapfile -t OLD < <(find "$RELEASES" -mindepth 1 -maxdepth 1 -type d ! -name "$TAG" ! -name "$PREVIOUS" -printf '%T@ %f\n' | sort -rn | tail -n +$((KEEP_RELEASES + 1)) | cut -d' ' -f2-)
  for name in "${OLD[@]}"; do rm -rf "${RELEASES:?}/$name" && say "Deleted the old release folder $name."; done
  exit 0
fi

# --- 5. Back to the previous release -----------------------------------------------------------
say "$TAG failed its check, so the site goes back to $PREVIOUS. See why with: journalctl -u $SERVICE -n 50"
"$SYSTEMCTL" stop "$SERVICE" 9>&- || true
switch_to "$PREVIOUS"
LEFT_TO_DO=''
if [[ $(database_migrations "$PREVIOUS_DIR") == "$BEFORE_MIGRATIONS" ]]; then
  say "The database's schema is the one $PREVIOUS uses: kept as it is, with everything received meanwhile.${BACKUP:+ (The backup $BACKUP was not needed.)}"
elif [[ -z $BACKUP ]]; then
  LEFT_TO_DO="$TAG changed the new database and there is no backup from before it: $PREVIOUS cannot open it. Install a release that fixes $TAG."
else
  say "$TAG changed the database's schema, which $PREVIOUS cannot read: restoring the backup taken before the upgrade and carrying over the enquiries received since …"
  if ! in_release "$NEW_DIR" node scripts/launch.mjs rollback-database "$BACKUP"; then
    LEFT_TO_DO="the database could not be fully put back (above). Keep the files named above; nothing was deleted."
  fi
fi
"$SYSTEMCTL" start "$SERVICE" 9>&- || true
if ! passes_check; then
  say "$PREVIOUS does not pass its check either: the site is down. See why with: journalctl -u $SERVICE -n 50" >&2
  exit 2
fi
if [[ -n $LEFT_TO_DO ]]; then
  say "Rolled back to $PREVIOUS, but $LEFT_TO_DO" >&2
  exit 2
fi
say "Rolled back: the site runs $PREVIOUS again, with its data. $TAG stays in $NEW_DIR to look into; it is not running."
exit 1
