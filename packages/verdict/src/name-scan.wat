;; The name stage's candidate scan (name-scan.ts, ADR 0042), 128 names to a unit: four 32-bit lanes
;; of a v128. A unit's members are counted against the query's tokens (the count filter), and those
;; within their allowance are scored by Jaro-Winkler, exactly as names.ts scores them.
;; Assembled by `bun run build:wasm` into name-scan-wasm.ts; a test holds the two equal.
;;
;; Memory (one for every shard, imported; name-scan-arena.ts), byte offsets:
;;   0      query tokens, i32 each, rarest first
;;   1024   allowed[prefix][length]: 5 rows of rowLength (at most 256) i32, the query tokens a name of
;;          that length and common prefix may miss (-1: none); from rowLength on, names are not compared
;;   6144   most[prefix][length]: the largest of allowed[prefix][length..] (the same rows)
;;   11264  per prefix, the shortest length allowed anything (5 i32)
;;   11296  the members the last scan returned, one v128
;;   11312  the returned members' scores, 128 f64
;;   12336  the query key, UTF-16 code units (at most 1024)
;;   14384  the slot (name-scan.ts slotOf) of each of the query's characters (1024 bytes)
;;   15408  Jaro's matched flags for the query's characters (1024 bytes)
;;   16432  bit Jaro's matched query characters' slots in order (at most 64 bytes)
;;   16576  bit Jaro's positions of each slot's character in the name (37 i32, zero between names)
;;   16736  the last unit counted: its 4-bit counter, bit-sliced (4 v128, c0 first)
;;   16800  per common prefix (0 to 4), the Jaro a name needs to reach the threshold, a hair below (5 f64)
;;   16864  the positions of each slot's character in the query (37 i64; bits past 64 characters dropped)
;;   17168  per lane of the unit under scan, its members whose first slot is the query's (4 i32)
;;   17408  per level (0 to 17) of a unit's length segments, the members out at that level (`$alive`; v128 each;
;;          0 all ones and 17 zero, from `scan`)
;;   17696  the shards' blocks, each starting with a descriptor of its regions' offsets (`scan`)
(module
	(import "env" "memory" (memory 1))
	(global $bits (mut i32) (i32.const 0))
	(global $present (mut i32) (i32.const 0))
	(global $shortest (mut i32) (i32.const 0))
	(global $longest (mut i32) (i32.const 0))
	(global $lowPrefix (mut i32) (i32.const 0))
	(global $highPrefix (mut i32) (i32.const 0))
	;; per unit, its first length segment (units + 1 entries); per segment its length and members (v128)
	(global $segmentFirst (mut i32) (i32.const 0))
	(global $segmentLength (mut i32) (i32.const 0))
	(global $segmentMembers (mut i32) (i32.const 0))
	;; per member, where its key starts (bytes, in the keys' region) and its length; its length again, a
	;; byte, when bit Jaro may score it (a-z and 0-9 only, at most 32 characters), else 0; such a
	;; member's slots (name-scan.ts slotOf), a byte per character in a record of 32 bytes at
	;; member * 32, so that what a survivor of the count is scored from sits in one cache line read
	;; without waiting for another; and the keys (UTF-16 code units)
	(global $keyAt (mut i32) (i32.const 0))
	(global $keyLength (mut i32) (i32.const 0))
	(global $plainLength (mut i32) (i32.const 0))
	(global $slotRecords (mut i32) (i32.const 0))
	(global $nameMatched (mut i32) (i32.const 0))
	(global $units (mut i32) (i32.const 0))
	;; per second-character slot and unit, its members whose key's second character has that slot (v128)
	(global $second (mut i32) (i32.const 0))
	;; per scan: the allowance rows' length (lengths from it on are never compared), the query's prefix and length
	(global $rowLength (mut i32) (i32.const 0))
	(global $queryPrefix (mut i32) (i32.const 0))
	(global $queryLength (mut i32) (i32.const 0))
	(global $querySecond (mut i32) (i32.const 0))
	;; what the counter at 16736 started at, or -1 when it may have wrapped (an allowance of 15 or more)
	(global $countBase (mut i32) (i32.const 0))

	;; The longest common prefix (up to 4) the query's can have with any prefix packed in the unit's [low, high].
	(func $prefixBound (param $unit i32) (result i32)
		(local $nearest i32)
		(local.set $nearest (i32.load (i32.add (global.get $lowPrefix) (i32.shl (local.get $unit) (i32.const 2)))))
		(if (i32.ge_u (global.get $queryPrefix) (local.get $nearest)) (then
			(local.set $nearest (i32.load (i32.add (global.get $highPrefix) (i32.shl (local.get $unit) (i32.const 2)))))
			(if (i32.le_u (global.get $queryPrefix) (local.get $nearest)) (then (return (i32.const 4))))))
		(i32.shr_u (i32.clz (i32.xor (global.get $queryPrefix) (local.get $nearest))) (i32.const 3)))

	;; The most query tokens any member of the unit may miss: the rows fall with length from their
	;; shortest allowed length on, and `most` bounds them from above where they do not.
	(func $unitAllowance (param $unit i32) (param $prefix i32) (result i32)
		(local $shortest i32) (local $longest i32)
		(local.set $shortest (i32.load (i32.add (global.get $shortest) (i32.shl (local.get $unit) (i32.const 2)))))
		(local.set $longest (i32.load (i32.add (global.get $longest) (i32.shl (local.get $unit) (i32.const 2)))))
		(if (i32.ge_s (local.get $longest) (global.get $rowLength))
			(then (local.set $longest (i32.sub (global.get $rowLength) (i32.const 1)))))
		(if (i32.or
				(i32.gt_s (local.get $shortest) (local.get $longest))
				(i32.lt_s (local.get $longest) (i32.load (i32.add (i32.const 11264) (i32.shl (local.get $prefix) (i32.const 2))))))
			(then (return (i32.const -1))))
		(i32.load (i32.add (i32.const 6144)
			(i32.shl (i32.add (i32.mul (local.get $prefix) (global.get $rowLength)) (local.get $shortest)) (i32.const 2)))))

	;; Counts the query tokens each present member of `unit` misses, rarest first, in a 4-bit
	;; bit-sliced counter that starts at `base` = 15 - allowed (0 when the unit allows 15 or more), so
	;; a member has missed more than `allowed` exactly when its count passes 15 (`passed`, kept once
	;; set), until all of them have; then holds each length segment to its own allowance. Leaves the
	;; members left at 11296 and returns whether there are any.
	(func $alive (param $unit i32) (param $prefix i32) (param $allowed i32) (param $count i32) (result i32)
		(local $present v128) (local $missing v128) (local $second v128) (local $carry v128) (local $passed v128) (local $dead v128)
		(local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128)
		(local $base i32) (local $t i32) (local $unitBits i32) (local $stride i32)
		(local $level i32) (local $out v128) (local $same v128)
		(local.set $present (v128.load (i32.add (global.get $present) (i32.shl (local.get $unit) (i32.const 4)))))
		(local.set $unitBits (i32.add (global.get $bits) (i32.shl (local.get $unit) (i32.const 4))))
		(local.set $stride (i32.shl (global.get $units) (i32.const 4)))
		(if (i32.lt_s (local.get $allowed) (i32.const 15)) (then (local.set $base (i32.sub (i32.const 15) (local.get $allowed)))))
		(local.set $c0 (i32x4.splat (i32.sub (i32.const 0) (i32.and (local.get $base) (i32.const 1)))))
		(local.set $c1 (i32x4.splat (i32.sub (i32.const 0) (i32.and (i32.shr_u (local.get $base) (i32.const 1)) (i32.const 1)))))
		(local.set $c2 (i32x4.splat (i32.sub (i32.const 0) (i32.and (i32.shr_u (local.get $base) (i32.const 2)) (i32.const 1)))))
		(local.set $c3 (i32x4.splat (i32.sub (i32.const 0) (i32.and (i32.shr_u (local.get $base) (i32.const 3)) (i32.const 1)))))
		;; two tokens a step: their sum (0 to 2) goes into the counter, and the exit is checked once
		(block $counted (loop $tokens
			(br_if $counted (i32.ge_u (local.get $t) (local.get $count)))
			(local.set $missing (v128.andnot (local.get $present) (v128.load (i32.add (local.get $unitBits)
				(i32.mul (i32.load (i32.shl (local.get $t) (i32.const 2))) (local.get $stride))))))
			(local.set $t (i32.add (local.get $t) (i32.const 1)))
			(local.set $second (v128.const i32x4 0 0 0 0))
			(if (i32.lt_u (local.get $t) (local.get $count)) (then
				(local.set $second (v128.andnot (local.get $present) (v128.load (i32.add (local.get $unitBits)
					(i32.mul (i32.load (i32.shl (local.get $t) (i32.const 2))) (local.get $stride))))))
				(local.set $t (i32.add (local.get $t) (i32.const 1)))))
			;; bit 0 of the sum into c0; bit 1 (both missing) and c0's carry never meet, so they go into c1 as one
			(local.set $carry (v128.and (local.get $missing) (local.get $second)))
			(local.set $missing (v128.xor (local.get $missing) (local.get $second)))
			(local.set $carry (v128.or (local.get $carry) (v128.and (local.get $c0) (local.get $missing))))
			(local.set $c0 (v128.xor (local.get $c0) (local.get $missing)))
			(local.set $missing (v128.and (local.get $c1) (local.get $carry)))
			(local.set $c1 (v128.xor (local.get $c1) (local.get $carry)))
			(local.set $carry (v128.and (local.get $c2) (local.get $missing)))
			(local.set $c2 (v128.xor (local.get $c2) (local.get $missing)))
			(local.set $missing (v128.and (local.get $c3) (local.get $carry)))
			(local.set $c3 (v128.xor (local.get $c3) (local.get $carry)))
			(local.set $passed (v128.or (local.get $passed) (local.get $missing)))
			(br_if $tokens (i32.ge_s (local.get $allowed) (i32.const 15)))
			(br_if $tokens (v128.any_true (v128.andnot (local.get $present) (local.get $passed))))
			(return (i32.const 0))))
		(v128.store offset=16736 (i32.const 0) (local.get $c0))
		(v128.store offset=16752 (i32.const 0) (local.get $c1))
		(v128.store offset=16768 (i32.const 0) (local.get $c2))
		(v128.store offset=16784 (i32.const 0) (local.get $c3))
		(global.set $countBase (select (local.get $base) (i32.const -1) (i32.lt_s (local.get $allowed) (i32.const 15))))
		;; segment by segment, a member whose own allowance is `own` is out once its count reaches
		;; base + own + 1 (`least`) or has passed 15 (`passed`: past 15 only it tells, so a least above 16
		;; keeps every member). The members out at each level are
		;; laid out first, at 17408 + 16 * level: level 0 (a length allowed nothing) all of them, 16 those
		;; passed, 17 none (zero from `scan`), and from 15 down to base + 1, those whose count reaches the
		;; level or passed (`out` at 16 grows by the count equal to each level); then `$outByLength` reads
		;; each segment's level (a member's count starts at base, so a length allowed something has a
		;; least above base).
		(v128.store offset=17664 (i32.const 0) (local.get $passed))
		(local.set $level (i32.const 15))
		(local.set $out (local.get $passed))
		(block $laidOut (loop $levels
			(br_if $laidOut (i32.le_s (local.get $level) (local.get $base)))
			;; the members whose count is `level`: each plane, or its complement where the level's bit is 0
			(local.set $out (v128.or (local.get $out) (v128.and
				(v128.and
					(v128.xor (local.get $c0) (i32x4.splat (i32.sub (i32.and (local.get $level) (i32.const 1)) (i32.const 1))))
					(v128.xor (local.get $c1) (i32x4.splat (i32.sub (i32.and (i32.shr_u (local.get $level) (i32.const 1)) (i32.const 1)) (i32.const 1)))))
				(v128.and
					(v128.xor (local.get $c2) (i32x4.splat (i32.sub (i32.and (i32.shr_u (local.get $level) (i32.const 2)) (i32.const 1)) (i32.const 1))))
					(v128.xor (local.get $c3) (i32x4.splat (i32.sub (i32.shr_u (local.get $level) (i32.const 3)) (i32.const 1))))))))
			(v128.store offset=17408 (i32.shl (local.get $level) (i32.const 4)) (local.get $out))
			(local.set $level (i32.sub (local.get $level) (i32.const 1)))
			(br $levels)))
		;; a member whose second character differs from the query's has a common prefix of at most one
		;; (the unit's bound may be longer): in a unit bounded to two or more, such members are held to
		;; the rows of a prefix of one, which allow no more than the bound's rows
		(if (i32.lt_u (local.get $prefix) (i32.const 2))
			(then (local.set $dead (call $outByLength (local.get $unit) (local.get $prefix) (local.get $base))))
			(else
				(local.set $same (v128.load (i32.add (global.get $second)
					(i32.shl (i32.add (i32.mul (global.get $querySecond) (global.get $units)) (local.get $unit)) (i32.const 4)))))
				(local.set $dead (v128.or
					(v128.and (local.get $same) (call $outByLength (local.get $unit) (local.get $prefix) (local.get $base)))
					(v128.andnot (call $outByLength (local.get $unit) (i32.const 1) (local.get $base)) (local.get $same))))))
		(local.set $present (v128.andnot (local.get $present) (local.get $dead)))
		(v128.store (i32.const 11296) (local.get $present))
		(v128.any_true (local.get $present)))

	;; The members of `unit` out by the allowance of their own length with common prefix `prefix`: each
	;; segment reads its level's members out (laid out at 17408 by `$alive`), without a branch on the
	;; segment (the processor cannot foresee it).
	(func $outByLength (param $unit i32) (param $prefix i32) (param $base i32) (result v128)
		(local $segment i32) (local $end i32) (local $row i32) (local $lastLength i32) (local $length i32)
		(local $own i32) (local $least i32) (local $level i32) (local $dead v128)
		(local.set $segment (i32.load (i32.add (global.get $segmentFirst) (i32.shl (local.get $unit) (i32.const 2)))))
		(local.set $end (i32.load (i32.add (global.get $segmentFirst) (i32.shl (i32.add (local.get $unit) (i32.const 1)) (i32.const 2)))))
		(local.set $row (i32.shl (i32.mul (local.get $prefix) (global.get $rowLength)) (i32.const 2)))
		(local.set $lastLength (i32.sub (global.get $rowLength) (i32.const 1)))
		(block $held (loop $segments
			(br_if $held (i32.ge_u (local.get $segment) (local.get $end)))
			(local.set $length (i32.load (i32.add (global.get $segmentLength) (i32.shl (local.get $segment) (i32.const 2)))))
			;; lengths from rowLength on are allowed nothing (their row entry is read at rowLength - 1, and not used)
			(local.set $own (select
				(i32.load offset=1024 (i32.add (local.get $row) (i32.shl
					(select (local.get $length) (local.get $lastLength) (i32.lt_s (local.get $length) (global.get $rowLength)))
					(i32.const 2))))
				(i32.const -1)
				(i32.lt_s (local.get $length) (global.get $rowLength))))
			(local.set $least (i32.add (i32.add (local.get $base) (local.get $own)) (i32.const 1)))
			(local.set $level (select
				(i32.const 0)
				(select (local.get $least) (i32.const 17) (i32.lt_s (local.get $least) (i32.const 17)))
				(i32.lt_s (local.get $own) (i32.const 0))))
			(local.set $dead (v128.or (local.get $dead) (v128.and
				(v128.load (i32.add (global.get $segmentMembers) (i32.shl (local.get $segment) (i32.const 4))))
				(v128.load offset=17408 (i32.shl (local.get $level) (i32.const 4))))))
			(local.set $segment (i32.add (local.get $segment) (i32.const 1)))
			(br $segments)))
		(local.get $dead))

	;; The positions of each slot's character in the query's first 64 characters, at 16864.
	(func $layOutQuery
		(local $i i32) (local $at i32)
		(memory.fill (i32.const 16864) (i32.const 0) (i32.const 296))
		(block $laidOut (loop $lay
			(br_if $laidOut (i32.ge_u (local.get $i) (select (global.get $queryLength) (i32.const 64) (i32.lt_u (global.get $queryLength) (i32.const 64)))))
			(local.set $at (i32.add (i32.const 16864) (i32.shl (i32.load8_u (i32.add (i32.const 14384) (local.get $i))) (i32.const 3))))
			(i64.store (local.get $at) (i64.or (i64.load (local.get $at)) (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $i)))))
			(local.set $i (i32.add (local.get $i) (i32.const 1)))
			(br $lay))))

	;; Whether Jaro with `matches` matches, of which at most `agreeing` (a common subsequence's
	;; length) are in the same order in both keys and the rest transposed in pairs, can reach `needed`:
	;; (m/a + m/b + (m - max(0, m - agreeing)/2)/m)/3 >= needed, times 6abm to stay in integers.
	(func $mayReach (param $matches i32) (param $agreeing i32) (param $length i32) (param $needed f64) (result i32)
		(local $ab i32) (local $transposed i32)
		(local.set $ab (i32.mul (global.get $queryLength) (local.get $length)))
		(local.set $transposed (select
			(i32.sub (local.get $matches) (local.get $agreeing))
			(i32.const 0)
			(i32.gt_s (local.get $matches) (local.get $agreeing))))
		(f64.ge
			(f64.convert_i32_s (i32.sub
				(i32.add
					(i32.shl (i32.mul (i32.mul (local.get $matches) (local.get $matches)) (i32.add (global.get $queryLength) (local.get $length))) (i32.const 1))
					(i32.shl (i32.mul (local.get $ab) (local.get $matches)) (i32.const 1)))
				(i32.mul (local.get $ab) (local.get $transposed))))
			(f64.mul (f64.convert_i32_s (i32.mul (i32.mul (local.get $ab) (local.get $matches)) (i32.const 6))) (local.get $needed))))

	;; Of the members at 11296, drops those bit Jaro would score (a-z0-9, at most 32 characters) whose
	;; score cannot reach the threshold, in one pass over them before any is scored: the common prefix
	;; from their slots, their allowance (none: they score 0), and the common-subsequence cap. Matched
	;; characters agreeing in order form a common subsequence, so with m matches at least m - LCS are
	;; transposed; over m in [max(1, fewest), most] (fewest: the query's length less the allowance;
	;; most: the query's length less the tokens the counter saw the member miss, at most its length)
	;; the bound rises up to LCS and is convex past it, so its largest value is at LCS (held to the
	;; range) or at `most`. LCS is bit-parallel over the query (Hyyrö; at most 64 characters, its
	;; positions per slot at 16864): per name character, V = (V + U) | (V - U) with U = V & positions;
	;; the query's bits cleared in V count it. True when any member is left. A first pass reads every
	;; member's first slot (whether it starts as the query does), so that the processor waits for
	;; their records' cache lines together rather than one member after another. No calls but
	;; $mayReach: a survivor's steps stay in registers.
	(func $dropCapped (param $unit i32) (result i32)
		(local $lane i32) (local $left i32) (local $kept i32) (local $any i32) (local $bit i32) (local $member i32)
		(local $firstSame i32) (local $first i32)
		(local $length i32) (local $shorter i32) (local $slots i32) (local $prefix i32) (local $limit i32)
		(local $allowed i32) (local $fewest i32) (local $most i32) (local $agreeing i32) (local $at i32) (local $j i32)
		(local $v i64) (local $u i64) (local $queryBits i64) (local $needed f64)
		(local.set $queryBits (select
			(i64.const -1)
			(i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (global.get $queryLength))) (i64.const 1))
			(i32.ge_u (global.get $queryLength) (i32.const 64))))
		(local.set $first (i32.load8_u (i32.const 14384)))
		(block $readAll (loop $readLanes
			(br_if $readAll (i32.ge_u (local.get $lane) (i32.const 4)))
			(local.set $left (i32.load (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2)))))
			(local.set $firstSame (i32.const 0))
			(block $readDone (loop $read
				(br_if $readDone (i32.eqz (local.get $left)))
				(local.set $bit (i32.ctz (local.get $left)))
				(local.set $left (i32.and (local.get $left) (i32.sub (local.get $left) (i32.const 1))))
				(local.set $firstSame (i32.or (local.get $firstSame) (i32.shl
					(i32.eq (local.get $first) (i32.load8_u (i32.add (global.get $slotRecords)
						(i32.shl (i32.or (i32.shl (local.get $unit) (i32.const 7)) (i32.or (i32.shl (local.get $lane) (i32.const 5)) (local.get $bit))) (i32.const 5)))))
					(local.get $bit))))
				(br $read)))
			(i32.store offset=17168 (i32.shl (local.get $lane) (i32.const 2)) (local.get $firstSame))
			(local.set $lane (i32.add (local.get $lane) (i32.const 1)))
			(br $readLanes)))
		(local.set $lane (i32.const 0))
		(block $lanesDone (loop $lanes
			(br_if $lanesDone (i32.ge_u (local.get $lane) (i32.const 4)))
			(local.set $left (i32.load (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2)))))
			(local.set $kept (local.get $left))
			(local.set $firstSame (i32.load offset=17168 (i32.shl (local.get $lane) (i32.const 2))))
			(block $membersDone (loop $members
				(br_if $membersDone (i32.eqz (local.get $left)))
				(local.set $bit (i32.ctz (local.get $left)))
				(local.set $left (i32.and (local.get $left) (i32.sub (local.get $left) (i32.const 1))))
				(local.set $member (i32.or (i32.shl (local.get $unit) (i32.const 7)) (i32.or (i32.shl (local.get $lane) (i32.const 5)) (local.get $bit))))
				(local.set $length (i32.load8_u (i32.add (global.get $plainLength) (local.get $member))))
				(block $decided
					;; another name is left to $similarity
					(br_if $decided (i32.eqz (local.get $length)))
					(local.set $shorter (select (global.get $queryLength) (local.get $length) (i32.lt_u (global.get $queryLength) (local.get $length))))
					(local.set $slots (i32.add (global.get $slotRecords) (i32.shl (local.get $member) (i32.const 5))))
					(local.set $limit (select (local.get $shorter) (i32.const 4) (i32.lt_u (local.get $shorter) (i32.const 4))))
					;; the first slot was read above (a member's limit is at least 1: names of the scan have 4 characters or more)
					(local.set $prefix (i32.and (i32.shr_u (local.get $firstSame) (local.get $bit)) (i32.const 1)))
					(block $prefixEnd (br_if $prefixEnd (i32.eqz (local.get $prefix))) (loop $samePrefix
						(br_if $prefixEnd (i32.ge_u (local.get $prefix) (local.get $limit)))
						(br_if $prefixEnd (i32.ne
							(i32.load8_u (i32.add (i32.const 14384) (local.get $prefix)))
							(i32.load8_u (i32.add (local.get $slots) (local.get $prefix)))))
						(local.set $prefix (i32.add (local.get $prefix) (i32.const 1)))
						(br $samePrefix)))
					;; a member's length is below rowLength unless the key is too long to count (rows of one value)
					(local.set $allowed (i32.load (i32.add (i32.const 1024)
						(i32.shl
							(i32.add
								(i32.mul (local.get $prefix) (global.get $rowLength))
								(select (local.get $length) (i32.sub (global.get $rowLength) (i32.const 1)) (i32.lt_u (local.get $length) (global.get $rowLength))))
							(i32.const 2)))))
					(local.set $fewest (i32.const 0))
					(if (i32.and (i32.ge_s (local.get $allowed) (i32.const 0)) (i32.lt_s (local.get $allowed) (i32.const 63)))
						(then (local.set $fewest (i32.sub (global.get $queryLength) (local.get $allowed)))))
					(local.set $most (global.get $queryLength))
					(if (i32.ge_s (global.get $countBase) (i32.const 0)) (then
						(local.set $at (i32.add (i32.const 16736) (i32.shl (local.get $lane) (i32.const 2))))
						(local.set $most (i32.sub (i32.add (global.get $queryLength) (global.get $countBase)) (i32.or
							(i32.or
								(i32.and (i32.shr_u (i32.load offset=0 (local.get $at)) (local.get $bit)) (i32.const 1))
								(i32.shl (i32.and (i32.shr_u (i32.load offset=16 (local.get $at)) (local.get $bit)) (i32.const 1)) (i32.const 1)))
							(i32.or
								(i32.shl (i32.and (i32.shr_u (i32.load offset=32 (local.get $at)) (local.get $bit)) (i32.const 1)) (i32.const 2))
								(i32.shl (i32.and (i32.shr_u (i32.load offset=48 (local.get $at)) (local.get $bit)) (i32.const 1)) (i32.const 3))))))))
					(if (i32.gt_s (local.get $most) (local.get $length)) (then (local.set $most (local.get $length))))
					(local.set $needed (f64.load offset=16800 (i32.shl (local.get $prefix) (i32.const 3))))
					;; before the LCS: the bound with no transposition rises with m, so a member that cannot reach
					;; with `most` matches all in order cannot reach at all (most members the count leaves, whose
					;; own common prefix is shorter than the unit's bound, end here)
					(block $capped
						(br_if $capped (i32.or
							(i32.or (i32.lt_s (local.get $allowed) (i32.const 0)) (i32.lt_s (local.get $most) (i32.const 1)))
							(i32.eqz (call $mayReach (local.get $most) (local.get $most) (local.get $length) (local.get $needed)))))
						(local.set $v (i64.const -1))
						(local.set $j (i32.const 0))
						(block $done (loop $name
							(br_if $done (i32.ge_u (local.get $j) (local.get $length)))
							(local.set $u (i64.and (local.get $v)
								(i64.load offset=16864 (i32.shl (i32.load8_u (i32.add (local.get $slots) (local.get $j))) (i32.const 3)))))
							(local.set $v (i64.or (i64.add (local.get $v) (local.get $u)) (i64.sub (local.get $v) (local.get $u))))
							(local.set $j (i32.add (local.get $j) (i32.const 1)))
							(br $name)))
						(local.set $agreeing (i32.wrap_i64 (i64.popcnt (i64.and (i64.xor (local.get $v) (i64.const -1)) (local.get $queryBits)))))
						(local.set $at (select (local.get $agreeing) (local.get $fewest) (i32.gt_s (local.get $agreeing) (local.get $fewest))))
						(if (i32.lt_s (local.get $at) (i32.const 1)) (then (local.set $at (i32.const 1))))
						(if (i32.gt_s (local.get $at) (local.get $most)) (then (local.set $at (local.get $most))))
						(br_if $decided (i32.or
							(call $mayReach (local.get $at) (local.get $agreeing) (local.get $length) (local.get $needed))
							(call $mayReach (local.get $most) (local.get $agreeing) (local.get $length) (local.get $needed)))))
					(local.set $kept (i32.xor (local.get $kept) (i32.shl (i32.const 1) (local.get $bit)))))
				(br $members)))
			(i32.store (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2))) (local.get $kept))
			(local.set $any (i32.or (local.get $any) (local.get $kept)))
			(local.set $lane (i32.add (local.get $lane) (i32.const 1)))
			(br $lanes)))
		(i32.ne (local.get $any) (i32.const 0)))

	;; Jaro's matches (low 16 bits) and transpositions (high 16 bits) of the query against a name of
	;; at most 32 characters, all a-z or 0-9, a word at a time (names.ts bitJaro): the first unmatched
	;; equal character of the name in the window is the lowest set bit of positions & ~matched & window.
	;; The positions of each slot's character in the name are laid out at 16576 from the name's slots
	;; (in cache, unlike 148 stored bytes a name) and cleared again before returning. The query is
	;; at most 64 characters (the lengths are comparable), so the window is at most 31 either side
	;; and fits an i64: bits 0..2w of `reach`, shifted to i - w.
	(func $bitJaro (param $slots i32) (param $length i32) (param $window i32) (param $fewest i32) (result i32)
		(local $i i32) (local $j i32) (local $at i32) (local $open i32)
		(local $matched i32) (local $matches i32) (local $transpositions i32) (local $counted i32) (local $reach i64)
		(block $laidOut (loop $lay
			(br_if $laidOut (i32.ge_u (local.get $j) (local.get $length)))
			(local.set $at (i32.add (i32.const 16576) (i32.shl (i32.load8_u (i32.add (local.get $slots) (local.get $j))) (i32.const 2))))
			(i32.store (local.get $at) (i32.or (i32.load (local.get $at)) (i32.shl (i32.const 1) (local.get $j))))
			(local.set $j (i32.add (local.get $j) (i32.const 1)))
			(br $lay)))
		(local.set $reach (i64.sub
			(i64.shl (i64.const 1) (i64.extend_i32_u (i32.add (i32.shl (local.get $window) (i32.const 1)) (i32.const 1))))
			(i64.const 1)))
		(block $gaveUp
			(block $scanned (loop $query
				(br_if $scanned (i32.ge_u (local.get $i) (global.get $queryLength)))
				;; a query character outside a-z0-9 (slot 36) finds no position: the name has none
				(local.set $open (i32.and
					(i32.and
						(i32.load (i32.add (i32.const 16576) (i32.shl (i32.load8_u (i32.add (i32.const 14384) (local.get $i))) (i32.const 2))))
						(i32.xor (local.get $matched) (i32.const -1)))
					(i32.wrap_i64 (i64.shr_u
						(i64.shl (local.get $reach) (i64.extend_i32_u (local.get $i)))
						(i64.extend_i32_u (local.get $window))))))
				;; without a branch on whether it matched (which the processor cannot foresee): the match,
				;; if any, is the lowest bit of `open`, and the slot stored past the matches is overwritten
				(local.set $matched (i32.or (local.get $matched) (i32.and (local.get $open) (i32.sub (i32.const 0) (local.get $open)))))
				(i32.store8 (i32.add (i32.const 16432) (local.get $matches)) (i32.load8_u (i32.add (i32.const 14384) (local.get $i))))
				(local.set $matches (i32.add (local.get $matches) (i32.ne (local.get $open) (i32.const 0))))
				;; each later query character adds at most one match: too few can still come
				(br_if $gaveUp (i32.lt_s
					(i32.add (local.get $matches) (i32.sub (i32.sub (global.get $queryLength) (local.get $i)) (i32.const 1)))
					(local.get $fewest)))
				(local.set $i (i32.add (local.get $i) (i32.const 1)))
				(br $query)))
			;; the query's matched characters in its order against the name's in its order (by slot: a slot
			;; is one character of a-z0-9, and the name has no other)
			(local.set $i (i32.const 0))
			(block $compared (loop $inOrder
				(br_if $compared (i32.ge_u (local.get $i) (local.get $matches)))
				(local.set $j (i32.ctz (local.get $matched)))
				(local.set $matched (i32.and (local.get $matched) (i32.sub (local.get $matched) (i32.const 1))))
				(if (i32.ne
						(i32.load8_u (i32.add (i32.const 16432) (local.get $i)))
						(i32.load8_u (i32.add (local.get $slots) (local.get $j))))
					(then (local.set $transpositions (i32.add (local.get $transpositions) (i32.const 1)))))
				(local.set $i (i32.add (local.get $i) (i32.const 1)))
				(br $inOrder)))
			(local.set $counted (i32.or (local.get $matches) (i32.shl (local.get $transpositions) (i32.const 16)))))
		(local.set $j (i32.const 0))
		(block $cleared (loop $clear
			(br_if $cleared (i32.ge_u (local.get $j) (local.get $length)))
			(i32.store (i32.add (i32.const 16576) (i32.shl (i32.load8_u (i32.add (local.get $slots) (local.get $j))) (i32.const 2))) (i32.const 0))
			(local.set $j (i32.add (local.get $j) (i32.const 1)))
			(br $clear)))
		(local.get $counted))

	;; The same by the textbook scan (names.ts scanJaro), for any length and code: each query
	;; character takes the first unmatched equal character of the name within the window.
	(func $scanJaro (param $name i32) (param $length i32) (param $window i32) (result i32)
		(local $i i32) (local $j i32) (local $to i32) (local $code i32) (local $matches i32) (local $transpositions i32)
		(memory.fill (i32.const 15408) (i32.const 0) (global.get $queryLength))
		(memory.fill (global.get $nameMatched) (i32.const 0) (local.get $length))
		(block $scanned (loop $query
			(br_if $scanned (i32.ge_u (local.get $i) (global.get $queryLength)))
			(local.set $code (i32.load16_u (i32.add (i32.const 12336) (i32.shl (local.get $i) (i32.const 1)))))
			(local.set $j (i32.sub (local.get $i) (local.get $window)))
			(if (i32.lt_s (local.get $j) (i32.const 0)) (then (local.set $j (i32.const 0))))
			(local.set $to (i32.add (local.get $i) (local.get $window)))
			(if (i32.ge_s (local.get $to) (local.get $length)) (then (local.set $to (i32.sub (local.get $length) (i32.const 1)))))
			(block $found (loop $inWindow
				(br_if $found (i32.gt_s (local.get $j) (local.get $to)))
				(if (i32.and
						(i32.eqz (i32.load8_u (i32.add (global.get $nameMatched) (local.get $j))))
						(i32.eq (local.get $code) (i32.load16_u (i32.add (local.get $name) (i32.shl (local.get $j) (i32.const 1))))))
					(then
						(i32.store8 (i32.add (i32.const 15408) (local.get $i)) (i32.const 1))
						(i32.store8 (i32.add (global.get $nameMatched) (local.get $j)) (i32.const 1))
						(local.set $matches (i32.add (local.get $matches) (i32.const 1)))
						(br $found)))
				(local.set $j (i32.add (local.get $j) (i32.const 1)))
				(br $inWindow)))
			(local.set $i (i32.add (local.get $i) (i32.const 1)))
			(br $query)))
		(local.set $i (i32.const 0))
		(local.set $j (i32.const 0))
		(block $compared (loop $inOrder
			(br_if $compared (i32.ge_u (local.get $i) (global.get $queryLength)))
			(if (i32.load8_u (i32.add (i32.const 15408) (local.get $i))) (then
				(block $next (loop $skip
					(br_if $next (i32.load8_u (i32.add (global.get $nameMatched) (local.get $j))))
					(local.set $j (i32.add (local.get $j) (i32.const 1)))
					(br $skip)))
				(if (i32.ne
						(i32.load16_u (i32.add (i32.const 12336) (i32.shl (local.get $i) (i32.const 1))))
						(i32.load16_u (i32.add (local.get $name) (i32.shl (local.get $j) (i32.const 1)))))
					(then (local.set $transpositions (i32.add (local.get $transpositions) (i32.const 1)))))
				(local.set $j (i32.add (local.get $j) (i32.const 1)))))
			(local.set $i (i32.add (local.get $i) (i32.const 1)))
			(br $inOrder)))
		(i32.or (local.get $matches) (i32.shl (local.get $transpositions) (i32.const 16))))

	;; nameSimilarity of the query and a member's key, operation for operation as names.ts computes
	;; it, so the scores are equal to the last bit; 0 where it cannot reach the threshold the
	;; allowance rows were filled for (jaroWinklerCeiling of the matches falls short of it).
	(func $similarity (param $member i32) (result f64)
		(local $name i32) (local $length i32) (local $shorter i32) (local $longer i32) (local $window i32)
		(local $allowed i32) (local $fewest i32) (local $counted i32) (local $limit i32)
		(local $matches f64) (local $transpositions f64) (local $jaro f64) (local $prefix i32) (local $plain i32) (local $slots i32)
		;; a name bit Jaro scores is read from its length byte and slot record alone
		(local.set $plain (i32.load8_u (i32.add (global.get $plainLength) (local.get $member))))
		(local.set $slots (i32.add (global.get $slotRecords) (i32.shl (local.get $member) (i32.const 5))))
		(local.set $length (local.get $plain))
		(if (i32.eqz (local.get $plain)) (then
			(local.set $name (i32.load (i32.add (global.get $keyAt) (i32.shl (local.get $member) (i32.const 2)))))
			(local.set $length (i32.load (i32.add (global.get $keyLength) (i32.shl (local.get $member) (i32.const 2)))))))
		(local.set $shorter (select (global.get $queryLength) (local.get $length) (i32.lt_u (global.get $queryLength) (local.get $length))))
		(local.set $longer (select (global.get $queryLength) (local.get $length) (i32.gt_u (global.get $queryLength) (local.get $length))))
		;; comparableLengths: the shorter at least MIN_FUZZY_LENGTH (4) and half the longer
		(if (i32.or (i32.lt_u (local.get $shorter) (i32.const 4)) (i32.lt_u (i32.shl (local.get $shorter) (i32.const 1)) (local.get $longer)))
			(then (return (f64.const 0))))
		;; the common prefix up to four characters (a name bit Jaro scores by its slots, as there)
		(local.set $limit (select (local.get $shorter) (i32.const 4) (i32.lt_u (local.get $shorter) (i32.const 4))))
		(block $prefixEnd (loop $prefix
			(br_if $prefixEnd (i32.ge_u (local.get $prefix) (local.get $limit)))
			(br_if $prefixEnd (if (result i32) (local.get $plain)
				(then (i32.ne
					(i32.load8_u (i32.add (i32.const 14384) (local.get $prefix)))
					(i32.load8_u (i32.add (local.get $slots) (local.get $prefix)))))
				(else (i32.ne
					(i32.load16_u (i32.add (i32.const 12336) (i32.shl (local.get $prefix) (i32.const 1))))
					(i32.load16_u (i32.add (local.get $name) (i32.shl (local.get $prefix) (i32.const 1))))))))
			(local.set $prefix (i32.add (local.get $prefix) (i32.const 1)))
			(br $prefix)))
		;; the fewest matches that can reach the threshold: the query's tokens less those the name may miss
		;; (a comparable name is shorter than rowLength, unless the key is too long to count: its rows
		;; are one value throughout)
		(local.set $allowed (i32.load (i32.add (i32.const 1024)
			(i32.shl
				(i32.add
					(i32.mul (local.get $prefix) (global.get $rowLength))
					(select (local.get $length) (i32.sub (global.get $rowLength) (i32.const 1)) (i32.lt_u (local.get $length) (global.get $rowLength))))
				(i32.const 2)))))
		(if (i32.lt_s (local.get $allowed) (i32.const 0)) (then (return (f64.const 0))))
		;; 63 (name-scan.ts UNCOUNTED) and above: the key is too long to count, nothing to give up on
		(if (i32.lt_s (local.get $allowed) (i32.const 63))
			(then (local.set $fewest (i32.sub (global.get $queryLength) (local.get $allowed)))))
		(local.set $window (i32.sub (i32.shr_u (local.get $longer) (i32.const 1)) (i32.const 1)))
		(if (i32.lt_s (local.get $window) (i32.const 0)) (then (local.set $window (i32.const 0))))
		(local.set $counted
			(if (result i32) (local.get $plain)
				(then (call $bitJaro (local.get $slots) (local.get $length) (local.get $window) (local.get $fewest)))
				(else (call $scanJaro (local.get $name) (local.get $length) (local.get $window)))))
		(if (i32.lt_u (i32.and (local.get $counted) (i32.const 0xffff)) (select (local.get $fewest) (i32.const 1) (local.get $fewest)))
			(then (return (f64.const 0))))
		(local.set $matches (f64.convert_i32_u (i32.and (local.get $counted) (i32.const 0xffff))))
		(local.set $transpositions (f64.convert_i32_u (i32.shr_u (local.get $counted) (i32.const 16))))
		;; (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3
		(local.set $jaro (f64.div
			(f64.add
				(f64.add
					(f64.div (local.get $matches) (f64.convert_i32_u (global.get $queryLength)))
					(f64.div (local.get $matches) (f64.convert_i32_u (local.get $length))))
				(f64.div (f64.sub (local.get $matches) (f64.div (local.get $transpositions) (f64.const 2))) (local.get $matches)))
			(f64.const 3)))
		;; jaro + prefix * 0.1 * (1 - jaro)
		(f64.add (local.get $jaro)
			(f64.mul (f64.mul (f64.convert_i32_u (local.get $prefix)) (f64.const 0.1)) (f64.sub (f64.const 1) (local.get $jaro)))))

	;; Of the members at 11296, keeps those scoring `threshold` or more (scores at 11312); true when any is kept.
	(func $keepReaching (param $unit i32) (param $threshold f64) (result i32)
		(local $lane i32) (local $left i32) (local $kept i32) (local $any i32) (local $member i32) (local $score f64)
		(block $lanesDone (loop $lanes
			(br_if $lanesDone (i32.ge_u (local.get $lane) (i32.const 4)))
			(local.set $left (i32.load (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2)))))
			(local.set $kept (i32.const 0))
			(block $membersDone (loop $members
				(br_if $membersDone (i32.eqz (local.get $left)))
				(local.set $member (i32.add (i32.shl (local.get $lane) (i32.const 5)) (i32.ctz (local.get $left))))
				(local.set $left (i32.and (local.get $left) (i32.sub (local.get $left) (i32.const 1))))
				(local.set $score (call $similarity (i32.add (i32.shl (local.get $unit) (i32.const 7)) (local.get $member))))
				(if (f64.ge (local.get $score) (local.get $threshold)) (then
					(f64.store (i32.add (i32.const 11312) (i32.shl (local.get $member) (i32.const 3))) (local.get $score))
					(local.set $kept (i32.or (local.get $kept) (i32.shl (i32.const 1) (i32.and (local.get $member) (i32.const 31)))))))
				(br $members)))
			(i32.store (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2))) (local.get $kept))
			(local.set $any (i32.or (local.get $any) (local.get $kept)))
			(local.set $lane (i32.add (local.get $lane) (i32.const 1)))
			(br $lanes)))
		(i32.ne (local.get $any) (i32.const 0)))

	;; The first unit in [from, to) with a member whose Jaro-Winkler score against the query reaches
	;; `threshold`, those members at 11296 and their scores at 11312; `to` when none.
	(func (export "scan")
		(param $shard i32) (param $from i32) (param $to i32) (param $count i32) (param $queryPrefix i32)
		(param $queryLength i32) (param $rowLength i32) (param $threshold f64) (result i32)
		(local $unit i32) (local $prefix i32) (local $allowed i32) (local $bonus f64)
		;; the shard's descriptor: its regions' offsets (the keys' at 56 is read through keyAt), then its number of units at 64
		(global.set $bits (i32.load offset=0 (local.get $shard)))
		(global.set $present (i32.load offset=4 (local.get $shard)))
		(global.set $shortest (i32.load offset=8 (local.get $shard)))
		(global.set $longest (i32.load offset=12 (local.get $shard)))
		(global.set $lowPrefix (i32.load offset=16 (local.get $shard)))
		(global.set $highPrefix (i32.load offset=20 (local.get $shard)))
		(global.set $segmentFirst (i32.load offset=24 (local.get $shard)))
		(global.set $segmentLength (i32.load offset=28 (local.get $shard)))
		(global.set $segmentMembers (i32.load offset=32 (local.get $shard)))
		(global.set $keyAt (i32.load offset=36 (local.get $shard)))
		(global.set $keyLength (i32.load offset=40 (local.get $shard)))
		(global.set $plainLength (i32.load offset=44 (local.get $shard)))
		(global.set $slotRecords (i32.load offset=48 (local.get $shard)))
		(global.set $nameMatched (i32.load offset=52 (local.get $shard)))
		(global.set $second (i32.load offset=60 (local.get $shard)))
		(global.set $units (i32.load offset=64 (local.get $shard)))
		(global.set $queryPrefix (local.get $queryPrefix))
		(global.set $queryLength (local.get $queryLength))
		(global.set $querySecond (i32.load8_u offset=14385 (i32.const 0)))
		(global.set $rowLength (local.get $rowLength))
		(call $layOutQuery)
		(v128.store offset=17408 (i32.const 0) (v128.const i32x4 -1 -1 -1 -1))
		(v128.store offset=17680 (i32.const 0) (v128.const i32x4 0 0 0 0))
		;; jaro + p/10 (1 - jaro) >= threshold exactly when jaro >= (threshold - p/10) / (1 - p/10); a
		;; hair lower, so that rounding can never drop a name that reaches
		(local.set $prefix (i32.const 0))
		(block $neededDone (loop $needed
			(br_if $neededDone (i32.gt_u (local.get $prefix) (i32.const 4)))
			(local.set $bonus (f64.mul (f64.convert_i32_u (local.get $prefix)) (f64.const 0.1)))
			(f64.store offset=16800 (i32.shl (local.get $prefix) (i32.const 3))
				(f64.sub
					(f64.div (f64.sub (local.get $threshold) (local.get $bonus)) (f64.sub (f64.const 1) (local.get $bonus)))
					(f64.const 1e-9)))
			(local.set $prefix (i32.add (local.get $prefix) (i32.const 1)))
			(br $needed)))
		(local.set $unit (local.get $from))
		(block $exit (loop $units
			(br_if $exit (i32.ge_u (local.get $unit) (local.get $to)))
			(local.set $prefix (call $prefixBound (local.get $unit)))
			(local.set $allowed (call $unitAllowance (local.get $unit) (local.get $prefix)))
			(if (i32.ge_s (local.get $allowed) (i32.const 0)) (then
				(if (call $alive (local.get $unit) (local.get $prefix) (local.get $allowed) (local.get $count)) (then
					(if (call $dropCapped (local.get $unit)) (then
						(if (call $keepReaching (local.get $unit) (local.get $threshold))
							(then (return (local.get $unit))))))))))
			(local.set $unit (i32.add (local.get $unit) (i32.const 1)))
			(br $units)))
		(local.get $to)))
