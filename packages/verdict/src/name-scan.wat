;; The name stage's candidate scan (name-scan.ts, ADR 0042), 128 names to a unit: four 32-bit lanes
;; of a v128. A unit's members are counted against the query's tokens (the count filter), and those
;; within their allowance are scored by Jaro-Winkler, exactly as names.ts scores them.
;; Assembled by `bun run build:wasm` into name-scan-wasm.ts; a test holds the two equal.
;;
;; Memory (one per shard, imported), byte offsets:
;;   0      query tokens, i32 each, rarest first
;;   1024   allowed[prefix][length]: 5 rows of rowLength (at most 256) i32, the query tokens a name of
;;          that length and common prefix may miss (-1: none); from rowLength on, names are not compared
;;   6144   most[prefix][length]: the largest of allowed[prefix][length..] (the same rows)
;;   11264  per prefix, the shortest length allowed anything (5 i32)
;;   11296  the members the last scan returned, one v128
;;   11312  thermometer planes, 64 v128 (plane j: "misses more than j")
;;   12336  the returned members' scores, 128 f64
;;   13360  the query key, UTF-16 code units (at most 1024)
;;   15408  Jaro's matched flags for the query's characters (1024 bytes)
;;   16432  the shard's data, at the offsets `setup` was given
(module
	(import "env" "memory" (memory 1))
	(global $bits (mut i32) (i32.const 0))
	(global $present (mut i32) (i32.const 0))
	(global $shortest (mut i32) (i32.const 0))
	(global $longest (mut i32) (i32.const 0))
	(global $lowPrefix (mut i32) (i32.const 0))
	(global $highPrefix (mut i32) (i32.const 0))
	(global $memberLength (mut i32) (i32.const 0))
	(global $memberPrefix (mut i32) (i32.const 0))
	(global $keyAt (mut i32) (i32.const 0))
	(global $keyLength (mut i32) (i32.const 0))
	(global $nameMatched (mut i32) (i32.const 0))
	(global $units (mut i32) (i32.const 0))
	;; per scan: the allowance rows' length (lengths from it on are never compared), the query's prefix and length
	(global $rowLength (mut i32) (i32.const 0))
	(global $queryPrefix (mut i32) (i32.const 0))
	(global $queryLength (mut i32) (i32.const 0))

	(func (export "setup")
		(param $bits i32) (param $present i32) (param $shortest i32) (param $longest i32)
		(param $lowPrefix i32) (param $highPrefix i32) (param $memberLength i32) (param $memberPrefix i32)
		(param $keyAt i32) (param $keyLength i32) (param $nameMatched i32) (param $units i32)
		(global.set $bits (local.get $bits))
		(global.set $present (local.get $present))
		(global.set $shortest (local.get $shortest))
		(global.set $longest (local.get $longest))
		(global.set $lowPrefix (local.get $lowPrefix))
		(global.set $highPrefix (local.get $highPrefix))
		(global.set $memberLength (local.get $memberLength))
		(global.set $memberPrefix (local.get $memberPrefix))
		(global.set $keyAt (local.get $keyAt))
		(global.set $keyLength (local.get $keyLength))
		(global.set $nameMatched (local.get $nameMatched))
		(global.set $units (local.get $units)))

	;; The longest common prefix (up to 4) the query's can have with any prefix packed in [low, high].
	(func $prefixBound (param $low i32) (param $high i32) (result i32)
		(local $nearest i32)
		(if (i32.lt_u (global.get $queryPrefix) (local.get $low))
			(then (local.set $nearest (local.get $low)))
			(else
				(if (i32.le_u (global.get $queryPrefix) (local.get $high)) (then (return (i32.const 4))))
				(local.set $nearest (local.get $high))))
		(i32.shr_u (i32.clz (i32.xor (global.get $queryPrefix) (local.get $nearest))) (i32.const 3)))

	;; The most query tokens any member of the unit may miss: the rows fall with length from their
	;; shortest allowed length on, and `most` bounds them from above where they do not.
	(func $unitAllowance (param $unit i32) (result i32)
		(local $at i32) (local $prefix i32) (local $shortest i32) (local $longest i32)
		(local.set $at (i32.shl (local.get $unit) (i32.const 2)))
		(local.set $prefix (call $prefixBound
			(i32.load (i32.add (global.get $lowPrefix) (local.get $at)))
			(i32.load (i32.add (global.get $highPrefix) (local.get $at)))))
		(local.set $shortest (i32.load (i32.add (global.get $shortest) (local.get $at))))
		(local.set $longest (i32.load (i32.add (global.get $longest) (local.get $at))))
		(if (i32.ge_s (local.get $longest) (global.get $rowLength))
			(then (local.set $longest (i32.sub (global.get $rowLength) (i32.const 1)))))
		(if (i32.or
				(i32.gt_s (local.get $shortest) (local.get $longest))
				(i32.lt_s (local.get $longest) (i32.load (i32.add (i32.const 11264) (i32.shl (local.get $prefix) (i32.const 2))))))
			(then (return (i32.const -1))))
		(i32.load (i32.add (i32.const 6144)
			(i32.shl (i32.add (i32.mul (local.get $prefix) (global.get $rowLength)) (local.get $shortest)) (i32.const 2)))))

	(func $memberAllowance (param $member i32) (result i32)
		(local $at i32) (local $length i32) (local $prefix i32)
		(local.set $at (i32.shl (local.get $member) (i32.const 2)))
		(local.set $length (i32.load (i32.add (global.get $memberLength) (local.get $at))))
		(if (i32.ge_s (local.get $length) (global.get $rowLength)) (then (return (i32.const -1))))
		(local.set $prefix (i32.load (i32.add (global.get $memberPrefix) (local.get $at))))
		(i32.load (i32.add (i32.const 1024)
			(i32.shl
				(i32.add (i32.mul (call $prefixBound (local.get $prefix) (local.get $prefix)) (global.get $rowLength)) (local.get $length))
				(i32.const 2)))))

	;; Counts the first `count` query tokens each present member of `unit` misses, rarest first, until
	;; all of them miss more than `allowed`; returns the highest plane reached (planes above it are
	;; stale) and leaves the members still alive at 11296.
	(func $count (param $unit i32) (param $allowed i32) (param $count i32) (result i32)
		(local $present v128) (local $alive v128) (local $missing v128)
		(local $top i32) (local $below i32) (local $t i32) (local $j i32) (local $plane i32)
		(local.set $present (v128.load (i32.add (global.get $present) (i32.shl (local.get $unit) (i32.const 4)))))
		(local.set $alive (local.get $present))
		(local.set $top (i32.const -1))
		(block $counted (loop $tokens
			(br_if $counted (i32.ge_u (local.get $t) (local.get $count)))
			(local.set $missing (v128.andnot (local.get $present) (v128.load (i32.add (global.get $bits)
				(i32.shl
					(i32.add (i32.mul (i32.load (i32.shl (local.get $t) (i32.const 2))) (global.get $units)) (local.get $unit))
					(i32.const 4))))))
			(local.set $t (i32.add (local.get $t) (i32.const 1)))
			(br_if $tokens (i32.eqz (v128.any_true (local.get $missing))))
			(local.set $below (local.get $top))
			(if (i32.lt_s (local.get $top) (local.get $allowed)) (then
				(local.set $top (i32.add (local.get $top) (i32.const 1)))
				(local.set $plane (i32.add (i32.const 11312) (i32.shl (local.get $top) (i32.const 4))))
				(if (i32.eqz (local.get $top))
					(then (v128.store (local.get $plane) (local.get $missing)))
					(else (v128.store (local.get $plane)
						(v128.and (v128.load (i32.sub (local.get $plane) (i32.const 16))) (local.get $missing)))))))
			;; planes below .. 1 gain the members that missed one token fewer before and miss this one
			(local.set $j (local.get $below))
			(block $shifted (loop $planes
				(br_if $shifted (i32.le_s (local.get $j) (i32.const 0)))
				(local.set $plane (i32.add (i32.const 11312) (i32.shl (local.get $j) (i32.const 4))))
				(v128.store (local.get $plane) (v128.or (v128.load (local.get $plane))
					(v128.and (v128.load (i32.sub (local.get $plane) (i32.const 16))) (local.get $missing))))
				(local.set $j (i32.sub (local.get $j) (i32.const 1)))
				(br $planes)))
			(if (i32.ge_s (local.get $below) (i32.const 0))
				(then (v128.store (i32.const 11312) (v128.or (v128.load (i32.const 11312)) (local.get $missing)))))
			(if (i32.eq (local.get $top) (local.get $allowed)) (then
				(local.set $alive (v128.andnot (local.get $present)
					(v128.load (i32.add (i32.const 11312) (i32.shl (local.get $allowed) (i32.const 4))))))
				(br_if $counted (i32.eqz (v128.any_true (local.get $alive))))))
			(br $tokens)))
		(v128.store (i32.const 11296) (local.get $alive))
		(local.get $top))

	;; Jaro-Winkler of the query and a member's key by the textbook scan (names.ts scanJaro): each
	;; query character takes the first unmatched equal character of the name within the window. The
	;; arithmetic is names.ts's, operation for operation, so the scores are equal to the last bit.
	(func $jaroWinkler (param $member i32) (result f64)
		(local $name i32) (local $length i32) (local $window i32) (local $i i32) (local $j i32) (local $to i32)
		(local $code i32) (local $matches i32) (local $transpositions i32) (local $prefix i32) (local $jaro f64)
		(local.set $name (i32.load (i32.add (global.get $keyAt) (i32.shl (local.get $member) (i32.const 2)))))
		(local.set $length (i32.load (i32.add (global.get $keyLength) (i32.shl (local.get $member) (i32.const 2)))))
		;; names.ts comparableLengths: the shorter at least MIN_FUZZY_LENGTH (4) and half the longer
		(local.set $to (select (global.get $queryLength) (local.get $length) (i32.lt_u (global.get $queryLength) (local.get $length))))
		(if (i32.or
				(i32.lt_u (local.get $to) (i32.const 4))
				(i32.lt_u (i32.shl (local.get $to) (i32.const 1))
					(select (global.get $queryLength) (local.get $length) (i32.gt_u (global.get $queryLength) (local.get $length)))))
			(then (return (f64.const 0))))
		(local.set $window (i32.sub
			(i32.shr_u (select (global.get $queryLength) (local.get $length) (i32.gt_u (global.get $queryLength) (local.get $length))) (i32.const 1))
			(i32.const 1)))
		(if (i32.lt_s (local.get $window) (i32.const 0)) (then (local.set $window (i32.const 0))))
		(memory.fill (i32.const 15408) (i32.const 0) (global.get $queryLength))
		(memory.fill (global.get $nameMatched) (i32.const 0) (local.get $length))
		(block $matchedAll (loop $query
			(br_if $matchedAll (i32.ge_u (local.get $i) (global.get $queryLength)))
			(local.set $code (i32.load16_u (i32.add (i32.const 13360) (i32.shl (local.get $i) (i32.const 1)))))
			(local.set $j (select (i32.sub (local.get $i) (local.get $window)) (i32.const 0)
				(i32.gt_s (i32.sub (local.get $i) (local.get $window)) (i32.const 0))))
			(local.set $to (i32.add (local.get $i) (local.get $window)))
			(if (i32.ge_s (local.get $to) (local.get $length)) (then (local.set $to (i32.sub (local.get $length) (i32.const 1)))))
			(block $found (loop $window
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
				(br $window)))
			(local.set $i (i32.add (local.get $i) (i32.const 1)))
			(br $query)))
		(if (i32.eqz (local.get $matches)) (then (return (f64.const 0))))
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
						(i32.load16_u (i32.add (i32.const 13360) (i32.shl (local.get $i) (i32.const 1))))
						(i32.load16_u (i32.add (local.get $name) (i32.shl (local.get $j) (i32.const 1)))))
					(then (local.set $transpositions (i32.add (local.get $transpositions) (i32.const 1)))))
				(local.set $j (i32.add (local.get $j) (i32.const 1)))))
			(local.set $i (i32.add (local.get $i) (i32.const 1)))
			(br $inOrder)))
		;; (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3
		(local.set $jaro (f64.div
			(f64.add
				(f64.add
					(f64.div (f64.convert_i32_u (local.get $matches)) (f64.convert_i32_u (global.get $queryLength)))
					(f64.div (f64.convert_i32_u (local.get $matches)) (f64.convert_i32_u (local.get $length))))
				(f64.div
					(f64.sub (f64.convert_i32_u (local.get $matches)) (f64.div (f64.convert_i32_u (local.get $transpositions)) (f64.const 2)))
					(f64.convert_i32_u (local.get $matches))))
			(f64.const 3)))
		;; the common prefix up to four characters: jaro + prefix * 0.1 * (1 - jaro)
		(local.set $to (select (global.get $queryLength) (local.get $length) (i32.lt_u (global.get $queryLength) (local.get $length))))
		(if (i32.gt_u (local.get $to) (i32.const 4)) (then (local.set $to (i32.const 4))))
		(block $prefixEnd (loop $prefix
			(br_if $prefixEnd (i32.ge_u (local.get $prefix) (local.get $to)))
			(br_if $prefixEnd (i32.ne
				(i32.load16_u (i32.add (i32.const 13360) (i32.shl (local.get $prefix) (i32.const 1))))
				(i32.load16_u (i32.add (local.get $name) (i32.shl (local.get $prefix) (i32.const 1))))))
			(local.set $prefix (i32.add (local.get $prefix) (i32.const 1)))
			(br $prefix)))
		(f64.add (local.get $jaro)
			(f64.mul (f64.mul (f64.convert_i32_u (local.get $prefix)) (f64.const 0.1)) (f64.sub (f64.const 1) (local.get $jaro)))))

	;; Of the members alive at 11296, keeps those within their own allowance whose score reaches
	;; `threshold` (scores at 12336); true when any is kept.
	(func $keepReaching (param $unit i32) (param $top i32) (param $threshold f64) (result i32)
		(local $lane i32) (local $alive i32) (local $kept i32) (local $any i32) (local $bit i32) (local $own i32)
		(local $member i32) (local $score f64)
		(block $lanesDone (loop $lanes
			(br_if $lanesDone (i32.ge_u (local.get $lane) (i32.const 4)))
			(local.set $alive (i32.load (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2)))))
			(local.set $kept (i32.const 0))
			(block $membersDone (loop $members
				(br_if $membersDone (i32.eqz (local.get $alive)))
				(local.set $bit (i32.ctz (local.get $alive)))
				(local.set $alive (i32.and (local.get $alive) (i32.sub (local.get $alive) (i32.const 1))))
				(local.set $member (i32.add (i32.shl (local.get $unit) (i32.const 7)) (i32.add (i32.shl (local.get $lane) (i32.const 5)) (local.get $bit))))
				(local.set $own (call $memberAllowance (local.get $member)))
				(if (i32.ge_s (local.get $own) (i32.const 0)) (then
					(if (i32.or
							(i32.gt_s (local.get $own) (local.get $top))
							(i32.eqz (i32.and (i32.const 1) (i32.shr_u
								(i32.load (i32.add (i32.add (i32.const 11312) (i32.shl (local.get $own) (i32.const 4))) (i32.shl (local.get $lane) (i32.const 2))))
								(local.get $bit)))))
						(then
							(local.set $score (call $jaroWinkler (local.get $member)))
							(if (f64.ge (local.get $score) (local.get $threshold)) (then
								(f64.store (i32.add (i32.const 12336) (i32.shl (i32.and (local.get $member) (i32.const 127)) (i32.const 3))) (local.get $score))
								(local.set $kept (i32.or (local.get $kept) (i32.shl (i32.const 1) (local.get $bit))))))))))
				(br $members)))
			(i32.store (i32.add (i32.const 11296) (i32.shl (local.get $lane) (i32.const 2))) (local.get $kept))
			(local.set $any (i32.or (local.get $any) (local.get $kept)))
			(local.set $lane (i32.add (local.get $lane) (i32.const 1)))
			(br $lanes)))
		(i32.ne (local.get $any) (i32.const 0)))

	;; The first unit in [from, to) with a member whose Jaro-Winkler score against the query reaches
	;; `threshold`, those members at 11296 and their scores at 12336; `to` when none.
	(func (export "scan")
		(param $from i32) (param $to i32) (param $count i32) (param $queryPrefix i32) (param $queryLength i32)
		(param $rowLength i32) (param $threshold f64) (result i32)
		(local $unit i32) (local $allowed i32)
		(global.set $queryPrefix (local.get $queryPrefix))
		(global.set $queryLength (local.get $queryLength))
		(global.set $rowLength (local.get $rowLength))
		(local.set $unit (local.get $from))
		(block $exit (loop $units
			(br_if $exit (i32.ge_u (local.get $unit) (local.get $to)))
			(local.set $allowed (call $unitAllowance (local.get $unit)))
			;; a unit allowing more misses than the planes count has all its members scored
			(if (i32.gt_s (local.get $allowed) (i32.const 62))
				(then
					(v128.store (i32.const 11296)
						(v128.load (i32.add (global.get $present) (i32.shl (local.get $unit) (i32.const 4)))))
					(if (call $keepReaching (local.get $unit) (i32.const -1) (local.get $threshold))
						(then (return (local.get $unit)))))
				(else (if (i32.ge_s (local.get $allowed) (i32.const 0)) (then
					(if (call $keepReaching
							(local.get $unit)
							(call $count (local.get $unit) (local.get $allowed) (local.get $count))
							(local.get $threshold))
						(then (return (local.get $unit))))))))
			(local.set $unit (i32.add (local.get $unit) (i32.const 1)))
			(br $units)))
		(local.get $to)))
