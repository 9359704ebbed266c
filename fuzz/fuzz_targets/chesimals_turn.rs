#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kibitz::cli::fuzzing::chesimals_turn(data));
