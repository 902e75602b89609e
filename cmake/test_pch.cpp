// The translation unit that builds the tests' precompiled header (cmake/TfTest.cmake).
